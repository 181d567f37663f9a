import { Module } from '@nestjs/common';
import { HealthService } from '@canton-scan/http';
import { LedgerHealthController } from './ledger-health.controller';

/** The ledger node group, served at LEDGER_PREFIX (default: the root). */
@Module({ controllers: [LedgerHealthController], providers: [HealthService] })
export class LedgerGroupModule {}
