import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { ErrorResponder } from '../errors/error-responder';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/**
 * JSON body parsing with the group's error format: malformed JSON is a 400 naming the
 * problem, a body over the configured limit a 413, an unsupported charset a 415. With
 * `untypedAsJson`, a body without `Content-Type` is parsed as JSON too (a body that is not JSON
 * is then the 400); a body of another declared type is left unparsed (the validator's 415).
 */
export function jsonBody(
  limitBytes: number,
  respond: ErrorResponder,
  untypedAsJson = false,
): RequestHandler[] {
  const parse = express.json({ limit: limitBytes, strict: true });
  const parsers = [parse];
  if (untypedAsJson)
    parsers.push(
      express.json({
        limit: limitBytes,
        strict: true,
        type: (req) => req.headers['content-type'] === undefined,
      }),
    );
  const onError = (error: BodyParserError, _req: Request, res: Response, next: NextFunction) => {
    switch (error.type) {
      case 'entity.too.large':
        respond(res, 413, `request body exceeds the limit of ${limitBytes} bytes`);
        return;
      case 'entity.parse.failed':
        respond(res, 400, `request body is not valid JSON: ${error.message}`);
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        respond(res, 415, error.message);
        return;
      case 'request.aborted':
      case 'request.size.invalid':
        respond(res, 400, error.message);
        return;
      default:
        next(error);
    }
  };
  return [...parsers, onError as unknown as RequestHandler];
}
