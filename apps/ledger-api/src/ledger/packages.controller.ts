import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerPartiesService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { LedgerAuthGuard } from './ledger-auth';

@Controller('v2/packages')
@UseGuards(LedgerAuthGuard)
export class PackagesController {
  constructor(private readonly parties: LedgerPartiesService) {}

  @Get()
  listPackages(): Promise<ledgerApi.ListPackagesResponse> {
    return this.parties.listPackages();
  }

  @Get(':packageId/status')
  packageStatus(
    @ValidInput() input: ledgerApi.GetPackageStatusData,
  ): Promise<ledgerApi.GetPackageStatusResponse> {
    return this.parties.getPackageStatus(input.path['package-id']);
  }
}
