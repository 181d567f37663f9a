// The abort listener goes with the timer: a tailing run sleeps on one signal for months.
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => (clearTimeout(timer), signal?.removeEventListener('abort', wake), resolve());
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });

/**
 * The pages of a paged read, each next page asked for while the caller handles the current one:
 * `read(cursor)` reads a page, `next(page)` is the cursor after it (undefined: no further read).
 * A prefetched read that fails surfaces when its page is reached; one the caller no longer
 * reaches (it stopped early) is dropped.
 */
export async function* prefetched<C, P>(
  first: C,
  read: (cursor: C) => Promise<P>,
  next: (page: P) => C | undefined,
): AsyncGenerator<P> {
  let pending: Promise<P> | undefined = read(first);
  while (pending) {
    const page: P = await pending;
    const cursor = next(page);
    pending = cursor === undefined ? undefined : read(cursor);
    pending?.catch(() => undefined);
    yield page;
  }
}
