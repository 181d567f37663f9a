// @canton-scan/simulator: a deterministic Amulet network simulator. It builds on the domain's
// public surface (@canton-scan/domain) only; the domain never depends on it.
export { simulateHistory, simulateNetwork, simulatedNetworkOf, type SimulationSummary } from './simulator';
export type { SimulatedItem } from './synchronizer-events.flow';
export {
  DEFAULT_SIMULATION_OPTIONS,
  defaultSvScanUrl,
  MIN_SIMULATED_ROUNDS,
  resolveSimulationOptions,
  type ResolvedSimulationOptions,
  type SimulationOptions,
} from './simulator.options';
export type { SimulationStats } from './simulator.context';
export type { PartyRole, SimParty, SimSv, SimulatedNetwork } from './network-identities';
export type { InFlightContract } from './reassignment.flow';
export type { PendingTransferInstruction, TransferInstructionPlan } from './transfer-instruction.flow';
export { buildAmuletConfig, ISSUANCE_CONFIG, TRANSFER_CONFIG } from './network-config';
export { LiveNetworkDriver, type LiveNetworkDriverOptions } from './live-network.driver';
export {
  liveSimulationOptions,
  openSimulatedNetwork,
  updatesAfter,
  type SimulatedNetworkOpening,
  type SimulatedNetworkSettings,
} from './live-network';
export {
  checkHistory,
  HistoryChecker,
  violationKind,
  type HistoryRule,
  type HistoryViolation,
  type ViolationTally,
} from './history-checks/history-checker';
export {
  compareWithKnownViolations,
  KNOWN_STACK_NETWORK_VIOLATIONS,
  KNOWN_VIOLATIONS,
} from './history-checks/known-violations';
export { participantMemberId, STACK_NETWORK_EXTRAS, stackSimulationOptions } from './stack-network';
