import { Inject, Injectable, Module, type OnModuleDestroy, type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  LedgerEndWatcher,
  LedgerPruningRepository,
  LedgerPruningService,
  LedgerUpdatesRepository,
  LedgerUpdatesService,
  LedgerUsersRepository,
  LedgerUsersService,
  ParticipantIdentityService,
  type AppConfig,
} from '@canton-scan/domain';
import { APP_CONFIG, HealthService, JwtVerifier } from '@canton-scan/http';
import { LedgerAuthenticator, LedgerAuthGuard } from './ledger-auth';
import { LedgerHealthController } from './ledger-health.controller';
import { PartiesController } from './parties.controller';
import { StateController } from './state.controller';
import { UpdatesController } from './updates.controller';
import { UpdatesWebSocketGateway } from './updates-websocket.gateway';

/** Ends the process-wide LISTEN connection when the app closes. */
@Injectable()
class LedgerEndWatcherLifecycle implements OnModuleDestroy {
  constructor(@Inject(LedgerEndWatcher) private readonly watcher: LedgerEndWatcher) {}

  onModuleDestroy(): Promise<void> {
    return this.watcher.stop();
  }
}

/** The domain services of the ledger node group, built from the DataSource and the configuration. */
const domainProviders: Provider[] = [
  {
    provide: JwtVerifier,
    useFactory: (config: AppConfig) => new JwtVerifier(config.auth),
    inject: [APP_CONFIG],
  },
  {
    provide: ParticipantIdentityService,
    useFactory: (config: AppConfig) => new ParticipantIdentityService(config.ledgerNode.participantId),
    inject: [APP_CONFIG],
  },
  {
    provide: LedgerUsersService,
    useFactory: (ds: DataSource) => new LedgerUsersService(new LedgerUsersRepository(ds)),
    inject: [DataSource],
  },
  {
    provide: LedgerPruningService,
    useFactory: (ds: DataSource) => new LedgerPruningService(new LedgerPruningRepository(ds)),
    inject: [DataSource],
  },
  {
    provide: LedgerEndWatcher,
    useFactory: (ds: DataSource) => new LedgerEndWatcher(ds),
    inject: [DataSource],
  },
  {
    provide: LedgerUpdatesService,
    useFactory: (
      ds: DataSource,
      pruning: LedgerPruningService,
      watcher: LedgerEndWatcher,
      config: AppConfig,
    ) => new LedgerUpdatesService(new LedgerUpdatesRepository(ds), pruning, watcher, config.ledgerNode),
    inject: [DataSource, LedgerPruningService, LedgerEndWatcher, APP_CONFIG],
  },
];

/** The ledger node group, served at LEDGER_PREFIX (default: the root). */
@Module({
  controllers: [LedgerHealthController, PartiesController, StateController, UpdatesController],
  providers: [
    HealthService,
    LedgerAuthenticator,
    LedgerAuthGuard,
    UpdatesWebSocketGateway,
    LedgerEndWatcherLifecycle,
    ...domainProviders,
  ],
})
export class LedgerGroupModule {}
