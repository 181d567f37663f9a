import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { JwtVerifier, bearerToken, type VerifiedToken } from './jwt-verifier';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: VerifiedToken;
  }
}

/**
 * Requires a valid ledger JWT in `Authorization: Bearer ...` (401 UNAUTHENTICATED with a
 * `WWW-Authenticate` challenge otherwise, through the app's exception filter) and leaves the
 * verified token on `req.auth`. Provide `JwtVerifier` in the module that uses it.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly verifier: JwtVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    req.auth = await this.verifier.verify(bearerToken(req.headers.authorization));
    return true;
  }
}
