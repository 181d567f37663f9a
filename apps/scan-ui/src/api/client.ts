import { createScanClient } from '@canton-scan/contracts/browser';

/** The generated scan client, on the scan group of the origin that served the UI. */
export const scanClient = createScanClient({ baseUrl: '/api/scan' });

/** A failed call: the API's `error` text (or the HTTP status when the body has none). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** The data of a generated client call, or an {@link ApiError} carrying the API's `error` text. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  const status = result.response?.status ?? 0;
  if (result.data !== undefined && status >= 200 && status < 300) return result.data;
  const body = result.error as { error?: unknown } | string | undefined;
  const text =
    typeof body === 'object' && body !== null && typeof body.error === 'string'
      ? body.error
      : typeof body === 'string' && body !== ''
        ? body
        : status === 0
          ? 'the scan API could not be reached'
          : `the scan API answered HTTP ${status}`;
  throw new ApiError(text, status);
}
