import { Controller } from '@nestjs/common';
import { TokenRegistryLookups } from '@canton-scan/http';

/** The token registry group's lookups, checked against specs/registry.yaml. */
@Controller('registry')
export class RegistryController extends TokenRegistryLookups {}
