import type { Provider } from '@nestjs/common';
import type { AppConfig } from '@canton-scan/domain';
import { APP_CONFIG, JwtVerifier } from '@canton-scan/http';

/** The proxy verifies bearer tokens exactly as the ledger node group does (same AUTH_* settings). */
export const jwtVerifierProvider: Provider = {
  provide: JwtVerifier,
  useFactory: (config: AppConfig) => new JwtVerifier(config.auth),
  inject: [APP_CONFIG],
};
