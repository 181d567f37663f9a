import { Inject, Injectable, Module, type OnModuleDestroy, type Provider } from '@nestjs/common';
import {
  Db,
  ReadDb,
  LedgerActiveContractsRepository,
  LedgerActiveContractsService,
  LedgerEndWatcher,
  LedgerPartiesRepository,
  LedgerPartiesService,
  LedgerPruningRepository,
  LedgerPruningService,
  LedgerSynchronizersRepository,
  LedgerSynchronizersService,
  LedgerUpdatesRepository,
  LedgerUpdatesService,
  LedgerUsersRepository,
  LedgerUsersService,
  LedgerVersionService,
  ParticipantIdentityService,
} from '@canton-scan/domain';
import { domainProvider, fromConfig, HealthService, JwtVerifier } from '@canton-scan/http';
import { EventsController } from './events.controller';
import { LedgerAuthenticator, LedgerAuthGuard } from './ledger-auth';
import { LedgerHealthController } from './ledger-health.controller';
import { PackagesController } from './packages.controller';
import { PartiesController } from './parties.controller';
import { StateController } from './state.controller';
import { UpdatesController } from './updates.controller';
import { UpdatesWebSocketGateway } from './updates-websocket.gateway';
import { UsersController } from './users.controller';
import { VersionController } from './version.controller';

/** Ends the process-wide LISTEN connection when the app closes. */
@Injectable()
class LedgerEndWatcherLifecycle implements OnModuleDestroy {
  constructor(@Inject(LedgerEndWatcher) private readonly watcher: LedgerEndWatcher) {}

  onModuleDestroy(): Promise<void> {
    return this.watcher.stop();
  }
}

/**
 * The domain of the ledger node group: services on repositories. Users (rights must apply at
 * once), pruning and the ledger end watcher (LISTEN) are on the primary (`Db`); the update and
 * active contract reads on the read replicas (`ReadDb`, see LedgerUpdatesService for live tails).
 */
const domainProviders: Provider[] = [
  domainProvider(JwtVerifier, [fromConfig((config) => config.auth)]),
  domainProvider(ParticipantIdentityService, [fromConfig((config) => config.ledgerNode.participantId)]),
  domainProvider(LedgerUsersRepository, [Db]),
  domainProvider(LedgerUsersService, [LedgerUsersRepository]),
  domainProvider(LedgerVersionService, [fromConfig((config) => config.ledgerNode.streamIdleTimeoutMs)]),
  domainProvider(LedgerSynchronizersRepository, [ReadDb]),
  domainProvider(LedgerSynchronizersService, [LedgerSynchronizersRepository]),
  domainProvider(LedgerPruningRepository, [Db]),
  domainProvider(LedgerPruningService, [LedgerPruningRepository]),
  domainProvider(LedgerEndWatcher, [Db]),
  domainProvider(LedgerUpdatesRepository, [ReadDb]),
  domainProvider(LedgerUpdatesService, [
    LedgerUpdatesRepository,
    LedgerPruningService,
    LedgerEndWatcher,
    fromConfig((config) => config.ledgerNode),
  ]),
  domainProvider(LedgerPartiesRepository, [ReadDb]),
  domainProvider(LedgerPartiesService, [LedgerPartiesRepository]),
  domainProvider(LedgerActiveContractsRepository, [ReadDb]),
  domainProvider(LedgerActiveContractsService, [
    LedgerActiveContractsRepository,
    LedgerUpdatesRepository,
    LedgerPruningService,
    fromConfig((config) => config.ledgerNode),
  ]),
];

/** The ledger node group, served at LEDGER_PREFIX (default: the root). */
@Module({
  controllers: [
    EventsController,
    LedgerHealthController,
    PackagesController,
    VersionController,
    UsersController,
    PartiesController,
    StateController,
    UpdatesController,
  ],
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
