import { Module } from '@nestjs/common';
import { HealthController, HealthService } from '@canton-scan/http';

/** The scan group, served at SCAN_PREFIX (default /api/scan). */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class ScanGroupModule {}
