import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, DomainErrorCode, isMigrated } from '@canton-scan/domain';
import { APP_VERSION } from './app-version';

export interface HealthStatus {
  status: 'ok';
  /** The app's release version, on `livez` only. */
  version?: string;
}

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(APP_VERSION) private readonly version: string | null = null,
  ) {}

  livez(): HealthStatus {
    return this.version === null ? { status: 'ok' } : { status: 'ok', version: this.version };
  }

  /** Ready = the database answers and every migration has been applied. */
  async readyz(): Promise<HealthStatus> {
    let migrated: boolean;
    try {
      migrated = await isMigrated(this.dataSource);
    } catch {
      throw new DomainError(DomainErrorCode.Unavailable, 'the database is unreachable');
    }
    if (!migrated)
      throw new DomainError(DomainErrorCode.Unavailable, 'the database is not migrated (run db:migrate)');
    return { status: 'ok' };
  }
}
