import { Inject, Injectable, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { scanApi } from '@canton-scan/contracts';
import { isMigrated, ReadReplicas } from '@canton-scan/domain';
import { BUILD_INFO, UNKNOWN_COMMIT_TS, type BuildInfo } from './build-info';
import { javaDurationString } from './java-duration';

/** Injection token of the node's name in `/status` (`amulet::<name>`, as Splice names its apps). */
export const NODE_NAME = Symbol('NODE_NAME');

/**
 * `GET status` and `GET version` as a Splice app answers them (upstream common-external.yaml).
 * The uptime counts from the service's creation, which is the app's start.
 */
@Injectable()
export class NodeStatusService {
  private readonly startedAt = process.hrtime.bigint();

  constructor(
    private readonly dataSource: DataSource,
    private readonly replicas: ReadReplicas,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(NODE_NAME) private readonly nodeName: string,
    @Optional() @Inject(BUILD_INFO) private readonly build: BuildInfo | null = null,
  ) {}

  /**
   * `success` once the database answers and is fully migrated (`active` as `/readyz`: reads can
   * be served), `not_initialized` while migrations are missing, `failed` when the database is
   * unreachable.
   */
  async status(): Promise<scanApi.NodeStatus> {
    let migrated: boolean;
    try {
      migrated = await isMigrated(this.dataSource);
    } catch {
      return { failed: { error: 'the database is unreachable' } };
    }
    if (!migrated) return { not_initialized: { active: false } };
    let active = true;
    if (this.replicas.size > 0) {
      await this.replicas.status();
      active = this.replicas.readable;
    }
    return {
      success: {
        id: `amulet::${this.nodeName}`,
        uptime: javaDurationString(process.hrtime.bigint() - this.startedAt),
        ports: this.ports(),
        extra: null,
        active,
      },
    };
  }

  version(): scanApi.Version {
    return {
      version: this.build?.version ?? 'unknown',
      commit_ts: this.build?.commitTs ?? UNKNOWN_COMMIT_TS,
    };
  }

  /** The HTTP port this app listens on, named `admin` as Splice names its apps' HTTP API port. */
  private ports(): Record<string, number> {
    const address = this.adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null;
    return address !== null && typeof address === 'object' ? { admin: address.port } : {};
  }
}
