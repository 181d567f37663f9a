import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Db, ReadDb, ReadReplicas, type AppConfig } from '@canton-scan/domain';

const NO_REPLICAS = {
  readUrls: [],
  readFallback: 'primary',
  readMaxLagSeconds: 0,
  poolSize: 1,
  connectTimeoutMs: 0,
  statementTimeoutMs: 0,
} as const;

/** Closes the replica pools with the app. */
@Injectable()
class ReadReplicasLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ReadReplicas) private readonly replicas: ReadReplicas) {}

  onApplicationShutdown(): Promise<void> {
    return this.replicas.close();
  }
}

/**
 * Makes the process's one DataSource, the `Db` every writing repository runs its SQL through
 * (the primary) and the `ReadDb` read-only repositories are built on (the read replicas of
 * `DATABASE_READ_URLS`, or the primary when there are none) injectable everywhere; the
 * DataSource's lifecycle stays with the caller, the replicas' pools close with the app.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forDataSource(dataSource: DataSource, database?: AppConfig['database']): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: Db, useValue: Db.of(dataSource) },
        {
          provide: ReadReplicas,
          useFactory: async () => {
            const replicas = database
              ? ReadReplicas.fromConfig(database)
              : ReadReplicas.fromConfig({ ...NO_REPLICAS });
            await replicas.start();
            return replicas;
          },
        },
        {
          provide: ReadDb,
          useFactory: (replicas: ReadReplicas) => ReadDb.over(dataSource, replicas),
          inject: [ReadReplicas],
        },
        ReadReplicasLifecycle,
      ],
      exports: [DataSource, Db, ReadDb, ReadReplicas],
    };
  }
}
