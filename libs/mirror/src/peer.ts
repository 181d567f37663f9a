import { createScanClient, scanApi } from '@canton-scan/contracts';

/** How one peer call is bounded: a timeout per attempt, retries with exponential backoff. */
export interface CallPolicy {
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_CALL_POLICY: CallPolicy = {
  timeoutMs: 30_000,
  attempts: 4,
  backoffMs: 250,
  maxBackoffMs: 10_000,
};

/** A peer's answer: its content, or `absent` when it answered 404 (it holds no such data). */
export type PeerAnswer<T> = { absent: false; value: T } | { absent: true };

export class PeerError extends Error {
  constructor(
    readonly url: string,
    /** What went wrong, without the URL. */
    readonly detail: string,
    /** The HTTP status of the last answer, when there was one. */
    readonly status?: number,
  ) {
    super(`${url}: ${detail}`);
  }
}

/**
 * The statuses with which a scan says it does not serve `/v0/events` (of a migration): 404 (an
 * older scan, without the endpoint), 501 (not implemented), 503 (it does not carry the
 * synchronizer's verdicts: a mirror of ours without them, `VERDICTS_NOT_HELD`).
 */
export const EVENTS_NOT_SERVED = new Set([404, 501, 503]);

/** What a generated client call resolves to (`throwOnError: false`). */
export interface RawResult {
  data?: unknown;
  error?: unknown;
  response?: Response;
}

/** The longest `Retry-After` honoured; a peer asking for more is retried sooner. */
export const MAX_RETRY_AFTER_MS = 60_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The delay a 429/503 asks for (`Retry-After` in seconds or as an HTTP date), if any. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function describe(result: RawResult): string {
  const body = result.error;
  if (result.response === undefined) {
    // No response: the client hands back the fetch failure (connection refused, timeout).
    const cause = body instanceof Error && body.cause instanceof Error ? ` (${body.cause.message})` : '';
    return body instanceof Error ? `${body.name}: ${body.message}${cause}` : `no response ${String(body)}`;
  }
  const message =
    typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : JSON.stringify(body);
  return `HTTP ${result.response.status} ${message ?? ''}`.trim();
}

const bytesOf = (answer: PeerAnswer<ArrayBuffer>): PeerAnswer<Buffer> =>
  answer.absent ? answer : { absent: false, value: Buffer.from(answer.value) };

export type ScanClient = ReturnType<typeof createScanClient>;

/** One scan peer, called through the generated scan client. */
export class ScanPeer {
  private readonly client;

  constructor(
    readonly url: string,
    private readonly policy: CallPolicy = DEFAULT_CALL_POLICY,
  ) {
    this.client = createScanClient({ baseUrl: url.replace(/\/+$/, '') });
  }

  /** Any call of the generated scan client, bounded by the policy like the named ones (served-blobs.ts). */
  ask<T>(send: (client: ScanClient, signal: AbortSignal) => Promise<RawResult>): Promise<PeerAnswer<T>> {
    return this.call((signal) => send(this.client, signal));
  }

  migrationInfo(migrationId: number): Promise<PeerAnswer<scanApi.MigrationInfoResponse>> {
    return this.call((signal) =>
      scanApi.getMigrationInfo({ client: this.client, body: { migration_id: migrationId }, signal }),
    );
  }

  importUpdates(
    migrationId: number,
    afterUpdateId: string,
    limit: number,
  ): Promise<PeerAnswer<scanApi.ImportUpdatesResponse>> {
    return this.call((signal) =>
      scanApi.getImportUpdates({
        client: this.client,
        body: { migration_id: migrationId, after_update_id: afterUpdateId, limit },
        signal,
      }),
    );
  }

  updates(
    after: scanApi.UpdateHistoryRequestAfter,
    pageSize: number,
  ): Promise<PeerAnswer<scanApi.UpdateHistoryResponseV2>> {
    return this.call((signal) =>
      scanApi.getUpdateHistoryV2({
        client: this.client,
        body: { after, page_size: pageSize, daml_value_encoding: 'protobuf_json' },
        signal,
      }),
    );
  }

  /** `POST /v2/updates` as the bytes the peer sent (compared before parsing, page-bytes.ts). */
  async updatesBytes(
    after: scanApi.UpdateHistoryRequestAfter,
    pageSize: number,
  ): Promise<PeerAnswer<Buffer>> {
    return bytesOf(
      await this.call<ArrayBuffer>((signal) =>
        scanApi.getUpdateHistoryV2({
          client: this.client,
          body: { after, page_size: pageSize, daml_value_encoding: 'protobuf_json' },
          signal,
          parseAs: 'arrayBuffer',
        }),
      ),
    );
  }

  /**
   * `POST /v0/events`: a page of events (updates merged with the mediator verdicts), updates in
   * the compact encoding (the mirror compares only their ids: a compact-only history has no
   * other). A 404 is a failure here (PeerError with status 404), not an empty answer: the list
   * has no "no such data" answer, so a 404 is a scan without the endpoint.
   */
  async events(
    after: scanApi.UpdateHistoryRequestAfter,
    pageSize: number,
  ): Promise<PeerAnswer<scanApi.EventHistoryResponse>> {
    const answer = await this.call<scanApi.EventHistoryResponse>((signal) =>
      scanApi.getEventHistory({
        client: this.client,
        body: { after, page_size: pageSize, daml_value_encoding: 'compact_json' },
        signal,
      }),
    );
    if (answer.absent) throw new PeerError(this.url, 'HTTP 404: /v0/events is not served', 404);
    return answer;
  }

  /** `POST /v0/events` as `events` asks it, as the bytes the peer sent (a 404 fails as there). */
  async eventsBytes(after: scanApi.UpdateHistoryRequestAfter, pageSize: number): Promise<PeerAnswer<Buffer>> {
    const answer = await this.call<ArrayBuffer>((signal) =>
      scanApi.getEventHistory({
        client: this.client,
        body: { after, page_size: pageSize, daml_value_encoding: 'compact_json' },
        signal,
        parseAs: 'arrayBuffer',
      }),
    );
    if (answer.absent) throw new PeerError(this.url, 'HTTP 404: /v0/events is not served', 404);
    return bytesOf(answer);
  }

  /** `GET /v0/dso`: the DSO's current contracts, each with its created event blob. */
  dsoInfo(): Promise<PeerAnswer<scanApi.GetDsoInfoResponse>> {
    return this.call((signal) => scanApi.getDsoInfo({ client: this.client, signal }));
  }

  /** `GET /v0/unclaimed-development-fund-coupons`, each with its created event blob. */
  developmentFundCoupons(): Promise<PeerAnswer<scanApi.ListUnclaimedDevelopmentFundCouponsResponse>> {
    return this.call((signal) =>
      scanApi.listUnclaimedDevelopmentFundCoupons({ client: this.client, signal }),
    );
  }

  /** `GET /v0/domains/{domain_id}/members/{member_id}/traffic-status` (404: the sequencer has no state for it). */
  memberTrafficStatus(
    synchronizerId: string,
    memberId: string,
  ): Promise<PeerAnswer<scanApi.GetMemberTrafficStatusResponse>> {
    return this.call((signal) =>
      scanApi.getMemberTrafficStatus({
        client: this.client,
        path: { domain_id: synchronizerId, member_id: memberId },
        signal,
      }),
    );
  }

  /** `GET /v1/domains/{domain_id}/parties/{party_id}/participant-id` (404: no participant hosts it there). */
  partyToParticipants(
    synchronizerId: string,
    partyId: string,
  ): Promise<PeerAnswer<scanApi.GetPartyToParticipantResponseV1>> {
    return this.call((signal) =>
      scanApi.getPartyToParticipantV1({
        client: this.client,
        path: { domain_id: synchronizerId, party_id: partyId },
        signal,
      }),
    );
  }

  /**
   * Runs one request with the policy's timeout and retries: network errors, timeouts and 5xx/429
   * are retried with exponential backoff (a 429/503 `Retry-After` is honoured); 404 is an answer
   * (`absent`); any other 4xx, and 501 (not implemented), fails at once.
   */
  private async call<T>(send: (signal: AbortSignal) => Promise<RawResult>): Promise<PeerAnswer<T>> {
    let lastError = 'no attempt';
    let lastStatus: number | undefined;
    for (let attempt = 0; attempt < this.policy.attempts; attempt++) {
      let wait = Math.min(this.policy.backoffMs * 2 ** attempt, this.policy.maxBackoffMs);
      try {
        const result = await send(AbortSignal.timeout(this.policy.timeoutMs));
        const status = result.response?.status ?? 0;
        if (status >= 200 && status < 300) return { absent: false, value: result.data as T };
        if (status === 404) return { absent: true };
        lastError = describe(result);
        lastStatus = status === 0 ? undefined : status;
        if ((status >= 400 && status < 500 && status !== 429 && status !== 408) || status === 501) break;
        if (status === 429 || status === 503) {
          const asked = retryAfterMs(result.response?.headers.get('retry-after') ?? null);
          if (asked !== undefined) wait = Math.min(asked, MAX_RETRY_AFTER_MS);
        }
      } catch (error) {
        lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        lastStatus = undefined;
      }
      if (attempt + 1 < this.policy.attempts) await sleep(wait);
    }
    throw new PeerError(this.url, lastError, lastStatus);
  }
}
