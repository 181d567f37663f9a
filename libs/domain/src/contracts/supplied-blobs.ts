import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Created event blobs supplied for the answer being computed rather than read from the store:
 * the blobs a mirror's peers agreed on when the app's database role could not store them (a
 * read-only role). Scoped to one asynchronous call, so concurrent answers never see each other's.
 */
const supplied = new AsyncLocalStorage<ReadonlyMap<string, string>>();

/** Runs `fn` with `blobs` (contract id to blob) supplied for the contracts the store holds no blob of. */
export function withSuppliedBlobs<T>(blobs: ReadonlyMap<string, string>, fn: () => Promise<T>): Promise<T> {
  return blobs.size === 0 ? fn() : supplied.run(blobs, fn);
}

/** The blob supplied for `contractId` in the current call, if any. */
export function suppliedBlobOf(contractId: string): string | undefined {
  return supplied.getStore()?.get(contractId);
}

/** SQLSTATEs of a database that refuses a write: read_only_sql_transaction, insufficient_privilege. */
const WRITE_REFUSED_CODES: ReadonlySet<string> = new Set(['25006', '42501']);

/** Whether `error` is the database refusing a write (a read-only role or a hot standby). */
export function isWriteRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && WRITE_REFUSED_CODES.has(code);
}
