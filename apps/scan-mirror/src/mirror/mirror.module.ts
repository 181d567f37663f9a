import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppMetrics, HealthService } from '@canton-scan/http';
import { MirrorHealthController } from '../health/mirror-health.controller';
import { MirrorHealthService } from '../health/mirror-health.service';
import { MIRROR_LOGGER, MIRROR_TUNING, MirrorRunner, type MirrorTuning } from './mirror-runner.service';

/** The running mirror and its health endpoints (`/livez`, `/readyz`) at the root. */
@Module({})
export class MirrorModule {
  static forRoot(logger: Logger, metrics: AppMetrics, tuning: MirrorTuning): DynamicModule {
    return {
      module: MirrorModule,
      controllers: [MirrorHealthController],
      providers: [
        { provide: MIRROR_LOGGER, useValue: logger },
        { provide: MIRROR_TUNING, useValue: tuning },
        { provide: AppMetrics, useValue: metrics },
        MirrorRunner,
        HealthService,
        MirrorHealthService,
      ],
    };
  }
}
