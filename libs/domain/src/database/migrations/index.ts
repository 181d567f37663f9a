import { HistoryStore1795316380631 } from './1795316380631-history-store';
import { LedgerNodeAndRewards1795317495038 } from './1795317495038-ledger-node-and-rewards';
import { CoveringHoldingsIndex1795320000000 } from './1795320000000-covering-holdings-index';
import { LeanHistoryRows1795330000000 } from './1795330000000-lean-history-rows';
import { HeldMigrationsAndBlobSources1795340000000 } from './1795340000000-held-migrations-and-blob-sources';
import { ActivityTotalsOnWrite1795352000000 } from './1795352000000-activity-totals-on-write';
import { LedgerActiveContracts1795360000000 } from './1795360000000-ledger-active-contracts';
import { PartitionedHistory1795370000000 } from './1795370000000-partitioned-history';
import { ExplorerIndexes1795380000000 } from './1795380000000-explorer-indexes';
import { PreapprovalReceiverIndex1795390000000 } from './1795390000000-preapproval-receiver-index';
import { MirrorPeerStatus1795400000000 } from './1795400000000-mirror-peer-status';
import { ExplorerChoiceContractIndexes1795410000000 } from './1795410000000-explorer-choice-contract-indexes';
import { ProtobufJsonPayloads1795450000000 } from './1795450000000-protobuf-json-payloads';
import { CompactOnlyUpdates1795460000000 } from './1795460000000-compact-only-updates';
import { MemberTrafficIndex1795470000000 } from './1795470000000-member-traffic-index';
import { HoldingsStateIndex1795473000000 } from './1795473000000-holdings-state-index';
import { SimulatedNetwork1795476000000 } from './1795476000000-simulated-network';
import { RewardInputs1795500000000 } from './1795500000000-reward-inputs';
import { SynchronizerVerdicts1795480000000 } from './1795480000000-synchronizer-verdicts';
import { BulkHistoryObjects1795490000000 } from './1795490000000-bulk-history-objects';
import { AnsEntryIndexes1795497300000 } from './1795497300000-ans-entry-indexes';
import { TransferCommandIndexes1795510100000 } from './1795510100000-transfer-command-indexes';
import { UpdateHashIndex1795497310000 } from './1795497310000-update-hash-index';
import { PartyHosting1795497320000 } from './1795497320000-party-hosting';
import { HostingHeld1795521300000 } from './1795521300000-hosting-held';
import { SynchronizerState1795523100000 } from './1795523100000-synchronizer-state';
import { TransactionLogIndex1795523200000 } from './1795523200000-transaction-log-index';
import { ContractIdIndex1795523300000 } from './1795523300000-contract-id-index';
import { HoldingsOwnerIndex1795523400000 } from './1795523400000-holdings-owner-index';
import { PartyIds1795523500000 } from './1795523500000-party-ids';
import { TemplateHashIndexes1795523600000 } from './1795523600000-template-hash-indexes';
import { ContractTemplateId1795523610000 } from './1795523610000-contract-template-id';
import { PackedVerdicts1795523700000 } from './1795523700000-packed-verdicts';
import { TemplateIds1795523800000 } from './1795523800000-template-ids';
import { HoldingsOwnerIds1795523900000 } from './1795523900000-holdings-owner-ids';
import { SynchronizerIds1795524000000 } from './1795524000000-synchronizer-ids';

/** Every migration, in order. A new migration is appended here. */
export const MIGRATIONS = [
  HistoryStore1795316380631,
  LedgerNodeAndRewards1795317495038,
  CoveringHoldingsIndex1795320000000,
  LeanHistoryRows1795330000000,
  HeldMigrationsAndBlobSources1795340000000,
  ActivityTotalsOnWrite1795352000000,
  LedgerActiveContracts1795360000000,
  PartitionedHistory1795370000000,
  ExplorerIndexes1795380000000,
  PreapprovalReceiverIndex1795390000000,
  MirrorPeerStatus1795400000000,
  ExplorerChoiceContractIndexes1795410000000,
  ProtobufJsonPayloads1795450000000,
  CompactOnlyUpdates1795460000000,
  MemberTrafficIndex1795470000000,
  HoldingsStateIndex1795473000000,
  SimulatedNetwork1795476000000,
  SynchronizerVerdicts1795480000000,
  BulkHistoryObjects1795490000000,
  AnsEntryIndexes1795497300000,
  UpdateHashIndex1795497310000,
  PartyHosting1795497320000,
  RewardInputs1795500000000,
  TransferCommandIndexes1795510100000,
  HostingHeld1795521300000,
  SynchronizerState1795523100000,
  TransactionLogIndex1795523200000,
  ContractIdIndex1795523300000,
  HoldingsOwnerIndex1795523400000,
  PartyIds1795523500000,
  TemplateHashIndexes1795523600000,
  ContractTemplateId1795523610000,
  PackedVerdicts1795523700000,
  TemplateIds1795523800000,
  HoldingsOwnerIds1795523900000,
  SynchronizerIds1795524000000,
];
