import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LedgerUsersService } from '@canton-scan/domain';
import { JwtVerifier, bearerToken, type VerifiedToken } from './jwt-verifier';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: VerifiedToken;
  }
}

/**
 * Requires a valid ledger JWT in `Authorization: Bearer ...` (401 UNAUTHENTICATED with a
 * `WWW-Authenticate` challenge otherwise, through the app's exception filter) whose `sub` is a
 * user of this participant, as the ledger node group requires (403 PERMISSION_DENIED
 * otherwise), and leaves the verified token on `req.auth`. Provide `JwtVerifier` and
 * `LedgerUsersService` in the module that uses it.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly users: LedgerUsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const token = await this.verifier.verify(bearerToken(req.headers.authorization));
    await this.users.getAuthorizedUser(token.userId);
    req.auth = token;
    return true;
  }
}
