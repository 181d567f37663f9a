import { createLedgerClient, ledgerApi } from '@canton-scan/contracts';
import {
  DEFAULT_CALL_POLICY,
  MAX_RETRY_AFTER_MS,
  PeerError,
  retryAfterMs,
  sleep,
  type CallPolicy,
  type RawResult,
} from './peer';

/** The participant refused the token (401) or its user (403): retrying cannot help. */
export class LedgerAuthError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    detail: string,
  ) {
    super(
      status === 401
        ? `${url}: the participant rejected the token (HTTP 401 ${detail}); pass a valid, unexpired ledger JWT with --token`
        : `${url}: the participant refused the token's user (HTTP 403 ${detail}); the feed reads every party's updates, so the user must exist and may read as any party`,
    );
  }
}

/** The participant refused the request itself (a 4xx other than 401/403/408/413/429). */
export class LedgerRequestError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${url}: HTTP ${status} ${detail}`);
  }
}

/** More updates than the participant's `http-list-max-elements-limit`: ask for fewer. */
export class ListLimitError extends Error {}

/** The ledger error body's code and cause, or the plain-text 400 body. */
function detailOf(result: RawResult): string {
  const body = result.error;
  if (result.response === undefined) {
    const cause = body instanceof Error && body.cause instanceof Error ? ` (${body.cause.message})` : '';
    return body instanceof Error ? `${body.name}: ${body.message}${cause}` : `no response ${String(body)}`;
  }
  if (typeof body === 'object' && body !== null && 'cause' in body)
    return `${String((body as { code?: unknown }).code ?? '')}: ${String(body.cause)}`;
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

/**
 * Reads every party's updates: transactions in the ledger-effects shape (creates and exercises
 * with their node ids, so the tree can be rebuilt) with created-event blobs, and reassignments.
 * The token's user needs the right to read as any party.
 */
const EVERYTHING: ledgerApi.Filters = {
  cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }],
};
export const FEED_UPDATE_FORMAT: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: EVERYTHING, verbose: true },
    transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
  },
  includeReassignments: { filtersForAnyParty: EVERYTHING, verbose: true },
};

/** A participant's JSON Ledger API v2, called with a bearer JWT through the generated ledger client. */
export class LedgerSource {
  readonly url: string;
  private readonly client;
  /** False once the participant answered 404 to `GET /v2/state/ledger-end` (before Canton 3.4). */
  private servesLedgerEnd = true;

  constructor(
    url: string,
    private readonly token: string,
    private readonly policy: CallPolicy = DEFAULT_CALL_POLICY,
  ) {
    this.url = url.replace(/\/+$/, '');
    this.client = createLedgerClient({
      baseUrl: this.url,
      auth: (scheme) => (scheme.type === 'http' ? token : undefined),
    });
  }

  /** Offset up to which the participant has pruned (0: nothing pruned). */
  async prunedUpTo(): Promise<number> {
    const answer = await this.call<ledgerApi.GetLatestPrunedOffsetsResponse>(0, (signal) =>
      ledgerApi.getLatestPrunedOffsets({ client: this.client, signal }),
    );
    return this.found(answer).participantPrunedUpToInclusive ?? 0;
  }

  /**
   * The updates after `beginExclusive`, at most `limit` (items, checkpoints included): an
   * open-ended flats read that the participant completes once nothing new came for `idleMs`.
   */
  async updates(
    beginExclusive: number,
    limit: number,
    idleMs: number,
  ): Promise<ledgerApi.GetUpdatesResponse[]> {
    const answer = await this.call<ledgerApi.GetUpdatesResponse[]>(idleMs, (signal) =>
      ledgerApi.getUpdatesFlat({
        client: this.client,
        query: { limit, stream_idle_timeout_ms: idleMs },
        body: { beginExclusive, updateFormat: FEED_UPDATE_FORMAT },
        signal,
      }),
    );
    return this.found(answer);
  }

  /** A 404 from a ledger endpoint every participant serves: the URL is not a JSON Ledger API. */
  private found<T>(answer: T | undefined): T {
    if (answer === undefined)
      throw new LedgerRequestError(this.url, 404, 'not found: is this the base URL of a JSON Ledger API v2?');
    return answer;
  }

  /**
   * The participant's ledger end from `GET /v2/state/ledger-end` (Canton 3.4+; not part of the
   * API subset this project serves, hence called without the generated client); undefined when
   * the participant does not serve it.
   */
  async ledgerEnd(): Promise<number | undefined> {
    if (!this.servesLedgerEnd) return undefined;
    let answer: { offset?: unknown } | undefined;
    try {
      answer = await this.readLedgerEnd();
    } catch (error) {
      // Only for progress reports: a refusal means "not served", a failure "not known now".
      if (error instanceof LedgerRequestError) this.servesLedgerEnd = false;
      if (error instanceof LedgerAuthError) throw error;
      return undefined;
    }
    if (answer === undefined || typeof answer.offset !== 'number') {
      this.servesLedgerEnd = false;
      return undefined;
    }
    return answer.offset;
  }

  private readLedgerEnd(): Promise<{ offset?: unknown } | undefined> {
    return this.call<{ offset?: unknown }>(0, async (signal) => {
      try {
        const response = await fetch(`${this.url}/v2/state/ledger-end`, {
          headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
          signal,
        });
        const text = await response.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // A plain-text body stays text.
        }
        return response.ok ? { data: body, response } : { error: body, response };
      } catch (error) {
        return { error };
      }
    });
  }

  /**
   * One request with the policy's timeout (plus the time the participant may wait for new
   * updates) and retries: network errors, timeouts, 408, 429 and 5xx are retried with
   * exponential backoff (honouring `Retry-After`); 401/403 fail at once with `LedgerAuthError`,
   * 413 with `ListLimitError`, any other 4xx with `LedgerRequestError`. 404 is `undefined`.
   */
  private async call<T>(
    waitMs: number,
    send: (signal: AbortSignal) => Promise<RawResult>,
  ): Promise<T | undefined> {
    let lastError = 'no attempt';
    for (let attempt = 0; attempt < this.policy.attempts; attempt++) {
      let wait = Math.min(this.policy.backoffMs * 2 ** attempt, this.policy.maxBackoffMs);
      try {
        const result = await send(AbortSignal.timeout(this.policy.timeoutMs + waitMs));
        const status = result.response?.status ?? 0;
        if (status >= 200 && status < 300) return result.data as T;
        if (status === 404) return undefined;
        if (status === 401 || status === 403) throw new LedgerAuthError(this.url, status, detailOf(result));
        if (status === 413) throw new ListLimitError(detailOf(result));
        if (status >= 400 && status < 500 && status !== 408 && status !== 429)
          throw new LedgerRequestError(this.url, status, detailOf(result));
        lastError = status === 0 ? detailOf(result) : `HTTP ${status} ${detailOf(result)}`;
        if (status === 429 || status === 503) {
          const asked = retryAfterMs(result.response?.headers.get('retry-after') ?? null);
          if (asked !== undefined) wait = Math.min(asked, MAX_RETRY_AFTER_MS);
        }
      } catch (error) {
        if (
          error instanceof LedgerAuthError ||
          error instanceof LedgerRequestError ||
          error instanceof ListLimitError
        )
          throw error;
        lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      if (attempt + 1 < this.policy.attempts) await sleep(wait);
    }
    throw new PeerError(this.url, lastError);
  }
}
