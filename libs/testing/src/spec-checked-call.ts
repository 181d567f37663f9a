import type { OpenApiDocument } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from './spec-responses';

export interface CheckedResponse {
  status: number;
  /** The parsed body: the success data or the error body. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

/**
 * Awaits a generated-client call and checks its response (status, content type, body) against
 * the operation in the spec before handing it to the test.
 */
export async function callChecked(
  document: OpenApiDocument,
  operationId: string,
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<CheckedResponse> {
  const result = await call;
  const body = result.data ?? result.error;
  expectResponseMatchesSpec(document, operationId, {
    status: result.response.status,
    contentType: result.response.headers.get('content-type'),
    body,
  });
  return { status: result.response.status, body, headers: result.response.headers };
}
