import { Controller, UseGuards } from '@nestjs/common';
import { BearerAuthGuard, TokenRegistryLookups } from '@canton-scan/http';

/**
 * The token registry as wallets reach it through the validator (docs/token-registry.md):
 * `{validator_url}/v0/scan-proxy/registry/...`, answering exactly as the registry group does,
 * behind a bearer token. Checked against specs/scan-proxy.yaml.
 */
@Controller('v0/scan-proxy/registry')
@UseGuards(BearerAuthGuard)
export class ProxyRegistryController extends TokenRegistryLookups {}
