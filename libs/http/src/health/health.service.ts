import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, DomainErrorCode, isMigrated } from '@canton-scan/domain';

export interface HealthStatus {
  status: 'ok';
}

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  livez(): HealthStatus {
    return { status: 'ok' };
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
