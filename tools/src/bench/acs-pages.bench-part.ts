// bench:scan's ACS figures: paging through the whole newest snapshot, and pages of 1,000 sampled
// at the newest and an old snapshot, each over HTTP and as the same statements through `pg`.
import type { Client } from 'pg';
import { acsPageStatement, acsRowCheckStatement, runTextBytes } from '@canton-scan/domain';
import { fmt } from './bench-util';
import { picks, postBytes, timed } from './bench-http';

const PAGE = 1000;
const CREATED_EVENT = Buffer.from('"event_type":"created_event"');

export interface Snapshot {
  migration_id: number;
  record_time: string;
}

/** HTTP and pg times of one figure (ms; one value per request for the sampled pages). */
export interface AcsPageTimes {
  label: string;
  httpMs: number[];
  pgMs: number[];
}

export interface AcsFigures {
  /** Contracts in the newest snapshot, paged through both ways. */
  contracts: number;
  pagingHttpMs: number;
  pagingPgMs: number;
  /** Pages sampled at the newest snapshot, then at the old one. */
  pages: AcsPageTimes[];
}

/** How many contracts an ACS page's body holds, and its next page token (found at its end). */
function acsPageOf(body: Buffer): { count: number; token?: string } {
  let count = 0;
  for (let at = body.indexOf(CREATED_EVENT); at >= 0; at = body.indexOf(CREATED_EVENT, at + 1)) count++;
  const token = /"next_page_token":(\d+)}$/.exec(body.subarray(-48).toString('latin1'))?.[1];
  return { count, token };
}

export async function benchAcsPages(
  base: string,
  pg: Client,
  newest: Snapshot,
  old: Snapshot,
  requests: number,
): Promise<AcsFigures> {
  // The statements the ACS endpoint runs for a page: snapshot resolution, token check, page.
  const acsViaPg = async (snapshot: Snapshot, after: string | undefined) => {
    await pg.query(
      'SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time = $2::timestamptz',
      [snapshot.migration_id, snapshot.record_time],
    );
    const selection = { migrationId: snapshot.migration_id, snapshotTime: snapshot.record_time };
    if (after !== undefined) {
      const check = acsRowCheckStatement(selection, after);
      await pg.query(check.sql, check.params as unknown[]);
    }
    const page = acsPageStatement(selection, after, PAGE);
    return acsPageOf(await runTextBytes(pg, 'postgres', page.sql, page.params));
  };
  // Both sides stop at the bytes received, as the endpoint gets them (the page's body in one
  // value of a binary COPY) and as an HTTP client does, and take the token from the end
  // (neither decodes nor parses the contracts).
  const acsViaHttp = async (snapshot: Snapshot, after: string | undefined) =>
    acsPageOf(
      await postBytes(`${base}/v2/state/acs`, {
        migration_id: snapshot.migration_id,
        record_time: snapshot.record_time,
        page_size: PAGE,
        ...(after === undefined ? {} : { after: Number(after) }),
      }),
    );

  // Paging through the whole newest snapshot, both ways; the tokens seen feed the page samples.
  const tokens: string[] = [];
  const [httpCount, pagingHttpMs] = await timed(async () => {
    let n = 0;
    let after: string | undefined;
    for (;;) {
      const page = await acsViaHttp(newest, after);
      n += page.count;
      if (page.token === undefined) return n;
      after = page.token;
      tokens.push(after);
    }
  });
  const [pgCount, pagingPgMs] = await timed(async () => {
    let n = 0;
    let after: string | undefined;
    for (;;) {
      const page = await acsViaPg(newest, after);
      n += page.count;
      if (page.token === undefined) return n;
      after = page.token;
    }
  });
  if (httpCount !== pgCount)
    throw new Error(`paging disagrees: ${httpCount} over HTTP, ${pgCount} through pg`);
  console.log(
    `paged through ${fmt(httpCount)} contracts (${tokens.length + 1} pages) over HTTP and through pg`,
  );

  const oldTokens: string[] = [];
  for (let after: string | undefined; ;) {
    const page = await acsViaPg(old, after);
    if (page.token === undefined) break;
    after = page.token;
    oldTokens.push(after);
  }

  const pages: AcsPageTimes[] = [];
  for (const [label, snapshot, sample] of [
    ['ACS page of 1,000, newest snapshot (p50)', newest, tokens],
    ['ACS page of 1,000, old snapshot (p50)', old, oldTokens],
  ] as const) {
    const positions = picks([undefined, ...sample], requests);
    // Each sampled page both ways, the side that goes first alternating; the whole round twice,
    // the first untimed: the side timed first used to pay the first reads of the pages alone (53
    // against 36 ms a page at 1 M contracts), and a first round of pages read both ways is still
    // slower over HTTP than the rounds after it (HTTP / pg 1.34, then 1.12 and 1.13).
    const httpMs: number[] = [];
    const pgMs: number[] = [];
    for (const timedRound of [false, true])
      for (const [i, p] of positions.entries()) {
        const viaHttp = async () => {
          const [, ms] = await timed(() => acsViaHttp(snapshot, p));
          if (timedRound) httpMs.push(ms);
        };
        const viaPg = async () => {
          const [, ms] = await timed(() => acsViaPg(snapshot, p));
          if (timedRound) pgMs.push(ms);
        };
        if (i % 2 === 0) await viaHttp().then(viaPg);
        else await viaPg().then(viaHttp);
      }
    pages.push({ label, httpMs, pgMs });
  }
  return { contracts: httpCount, pagingHttpMs, pagingPgMs, pages };
}
