import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthService, type HealthStatus } from '@canton-scan/http';
import type { MirrorStatus } from '../mirror/mirror-readiness';
import { MirrorRunner } from '../mirror/mirror-runner.service';

export interface MirrorHealth {
  status: 'ok' | 'not ready';
  /** Why not ready. */
  reason?: string;
  mirror: MirrorStatus;
}

@Injectable()
export class MirrorHealthService {
  constructor(
    private readonly database: HealthService,
    private readonly runner: MirrorRunner,
  ) {}

  livez(): HealthStatus {
    return this.database.livez();
  }

  /** Ready = the database answers, is migrated, and the mirror is caught up (503 naming why not). */
  async readyz(): Promise<MirrorHealth> {
    let reason: string | undefined;
    try {
      await this.database.readyz();
    } catch (error) {
      reason = (error as Error).message;
    }
    // The status and the verdict are read together, after the await, so they always agree.
    const mirror = this.runner.status();
    const readiness = this.runner.readiness();
    if (reason === undefined && !readiness.ready) reason = readiness.reason;
    if (reason !== undefined) throw new ServiceUnavailableException({ status: 'not ready', reason, mirror });
    return { status: 'ok', mirror };
  }
}
