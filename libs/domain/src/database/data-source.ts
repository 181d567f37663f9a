import { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { ContractEntity } from '../contracts/contract.entity';
import { ValidatorLicenseEntity } from '../scan/faucets/validator-license.entity';
import { VoteResultEntity } from '../scan/governance/vote-result.entity';
import { EventEntity } from '../history/event.entity';
import { UpdateEntity } from '../history/update.entity';
import { HistoryMigrationEntity } from '../history/history-migration.entity';
import { PartyEntity } from '../parties/party.entity';
import { TemplateEntity } from '../templates/template.entity';
import { SynchronizerEntity } from '../synchronizers/synchronizer.entity';
import { LedgerPruningEntity } from '../ledger/ledger-pruning.entity';
import { LedgerUserEntity, LedgerUserRightEntity } from '../ledger/ledger-user.entity';
import { RewardAccountingTotalsEntity } from '../scan/rewards/reward-accounting-totals.entity';
import { AmuletHoldingEntity } from '../scan/holdings/amulet-holding.entity';
import { AppActivityRecordEntity } from '../scan/rewards/app-activity-record.entity';
import { MiningRoundEntity } from '../scan/rewards/mining-round.entity';
import { AcsSnapshotEntity } from '../scan/acs/acs-snapshot.entity';
import { MirrorPeerStatusEntity } from '../mirror/mirror-peer-status.entity';
import { SimulatedNetworkEntity } from '../simulation/simulated-network.entity';
import {
  BulkHistoryFolderEntity,
  BulkHistoryFrameEntity,
  BulkHistoryObjectEntity,
} from '../scan/bulk/bulk-object.entity';
import { SynchronizerVerdictEntity } from '../scan/events/synchronizer-verdict.entity';
import { PartyHostingEntity } from '../scan/hosting/party-hosting.entity';
import { MemberTrafficStateEntity } from '../scan/synchronizer-state/member-traffic-state.entity';
import { SynchronizerStateSourceEntity } from '../scan/synchronizer-state/synchronizer-state-source.entity';
import { MIGRATIONS } from './migrations';
import { installPgTypeParsers } from './timestamps';
import { SESSION_OPTIONS } from './session-options';

export const ENTITIES = [
  UpdateEntity,
  EventEntity,
  ContractEntity,
  AmuletHoldingEntity,
  ValidatorLicenseEntity,
  VoteResultEntity,
  AppActivityRecordEntity,
  MiningRoundEntity,
  AcsSnapshotEntity,
  LedgerUserEntity,
  LedgerUserRightEntity,
  LedgerPruningEntity,
  RewardAccountingTotalsEntity,
  HistoryMigrationEntity,
  MirrorPeerStatusEntity,
  SimulatedNetworkEntity,
  BulkHistoryFolderEntity,
  BulkHistoryObjectEntity,
  BulkHistoryFrameEntity,
  SynchronizerVerdictEntity,
  PartyHostingEntity,
  MemberTrafficStateEntity,
  SynchronizerStateSourceEntity,
  PartyEntity,
  TemplateEntity,
  SynchronizerEntity,
];

export const MIGRATIONS_TABLE = 'schema_migrations';

/** The one DataSource of a process, built from the validated configuration. */
export function createDataSource(
  url: string,
  config: Pick<DatabaseConfig, 'poolSize' | 'connectTimeoutMs' | 'statementTimeoutMs'>,
): DataSource {
  installPgTypeParsers();
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: config.poolSize,
      connectionTimeoutMillis: config.connectTimeoutMs,
      statement_timeout: config.statementTimeoutMs || undefined,
      options: SESSION_OPTIONS,
    },
  });
}
