import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Response } from 'express';
import type { ErrorResponder } from './error-responder';

/** The status, content type and body `respond` writes for an error (it is given a recording stand-in). */
export function renderError(
  respond: ErrorResponder,
  status: number,
  message: string,
): { status: number; contentType: string; body: string } {
  const out = { status, contentType: 'application/json', body: '' };
  const recorder = {
    status(s: number) {
      out.status = s;
      return recorder;
    },
    type(t: string) {
      out.contentType = t.includes('/') ? t : t === 'text' ? 'text/plain' : `application/${t}`;
      return recorder;
    },
    send(body: unknown) {
      out.body = String(body);
      return recorder;
    },
  };
  respond(recorder as unknown as Response, status, message);
  return out;
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/**
 * Requests Node's HTTP parser refuses before any route runs (a request line or headers over
 * the header size limit: 431; anything else unparsable: 400) are answered in the app's error
 * format rather than with Node's empty default answer. Found by the fuzz test (a 70,000
 * character query value).
 */
export function answerClientErrors(server: Server, respond: ErrorResponder): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (err.code === 'ECONNRESET' && !socket.bytesWritten)) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message =
      status === 431
        ? 'the request line and headers exceed the server limit of 16 KiB; send long values in a request body'
        : 'the request is not valid HTTP';
    const { contentType, body } = renderError(respond, status, message);
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: ${contentType}; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
