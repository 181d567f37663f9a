import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DomainError,
  DomainErrorCode,
  isMigrated,
  ReadReplicas,
  type ReplicaStatus,
} from '@canton-scan/domain';
import { APP_VERSION } from './app-version';

export interface HealthStatus {
  status: 'ok';
  /** The app's release version, on `livez` only. */
  version?: string;
  /** `/readyz` with read replicas (`DATABASE_READ_URLS`): each one's health and lag. */
  replicas?: ReplicaStatus[];
}

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replicas: ReadReplicas,
    @Optional() @Inject(APP_VERSION) private readonly version: string | null = null,
  ) {}

  livez(): HealthStatus {
    return this.version === null ? { status: 'ok' } : { status: 'ok', version: this.version };
  }

  /**
   * Ready = the database answers, every migration has been applied and reads can be served (a
   * healthy replica, or the primary when reads may fall back to it). Each replica is reported.
   */
  async readyz(): Promise<HealthStatus> {
    let migrated: boolean;
    try {
      migrated = await isMigrated(this.dataSource);
    } catch {
      throw new DomainError(DomainErrorCode.Unavailable, 'the database is unreachable');
    }
    if (!migrated)
      throw new DomainError(DomainErrorCode.Unavailable, 'the database is not migrated (run db:migrate)');
    if (this.replicas.size === 0) return { status: 'ok' };
    const replicas = await this.replicas.status();
    if (!this.replicas.readable)
      throw new DomainError(
        DomainErrorCode.Unavailable,
        `no read replica is healthy: ${replicas.map((r) => `${r.url} (${r.problem ?? 'down'})`).join(', ')}`,
      );
    return { status: 'ok', replicas };
  }
}
