import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { LedgerUsersService, type LedgerUser } from '@canton-scan/domain';
import { bearerToken, JwtVerifier } from '@canton-scan/http';

declare module 'express-serve-static-core' {
  interface Request {
    ledgerUser?: LedgerUser;
  }
}

/** Subprotocol a ledger WebSocket client offers next to `jwt.token.<JWT>` (docs/ledger-api.md "WebSocket authentication"). */
export const LEDGER_WS_AUTH_PROTOCOL = 'daml.ws.auth';
const JWT_PROTOCOL_PREFIX = 'jwt.token.';

/** The token of `Sec-WebSocket-Protocol: daml.ws.auth, jwt.token.<JWT>`, if any. */
export function webSocketProtocolToken(header: string | undefined): string | undefined {
  for (const entry of (header ?? '').split(',')) {
    const protocol = entry.trim();
    if (protocol.startsWith(JWT_PROTOCOL_PREFIX) && protocol.length > JWT_PROTOCOL_PREFIX.length)
      return protocol.slice(JWT_PROTOCOL_PREFIX.length);
  }
  return undefined;
}

/** A request's ledger token: `Authorization: Bearer`, else the WebSocket subprotocol form. */
export function ledgerToken(headers: IncomingHttpHeaders): string | undefined {
  return bearerToken(headers.authorization) ?? webSocketProtocolToken(headers['sec-websocket-protocol']);
}

/**
 * Who is calling: the token must verify (401 UNAUTHENTICATED otherwise) and its `sub` must be
 * a user of this participant (403 PERMISSION_DENIED otherwise, as on a real participant).
 */
@Injectable()
export class LedgerAuthenticator {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly users: LedgerUsersService,
  ) {}

  async authenticate(headers: IncomingHttpHeaders): Promise<LedgerUser> {
    const token = await this.verifier.verify(ledgerToken(headers));
    return this.users.getAuthorizedUser(token.userId);
  }

  /** `WWW-Authenticate` value of a 401. */
}

/** Guards every ledger endpoint; the user is then available through `@CurrentLedgerUser()`. */
@Injectable()
export class LedgerAuthGuard implements CanActivate {
  constructor(private readonly authenticator: LedgerAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    req.ledgerUser = await this.authenticator.authenticate(req.headers);
    return true;
  }
}

/** The authenticated ledger user of the request (set by `LedgerAuthGuard`). */
export const CurrentLedgerUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): LedgerUser => {
  const user = ctx.switchToHttp().getRequest<Request>().ledgerUser;
  if (!user) throw new Error('no ledger user on the request: LedgerAuthGuard must guard this route');
  return user;
});
