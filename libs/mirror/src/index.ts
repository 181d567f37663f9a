export { contentOf, migrationOf, toHistoryUpdate } from './convert';
export type { ServedItem } from './convert';
export { DEFAULT_CALL_POLICY, EVENTS_NOT_SERVED, PeerError, retryAfterMs, ScanPeer } from './peer';
export type { CallPolicy, PeerAnswer } from './peer';
export { agreedPrefix, faultsTolerated, quorumSize } from './quorum';
export type { Agreement, PeerItems } from './quorum';
export { formatLag, lagSeconds } from './lag';
export { PeerStatusBook } from './peer-status';
export type { Disagreement, MirrorStatusSink } from './peer-status';
export { ScanMirror } from './scan-mirror';
export { isPeerTrouble, NoQuorumError, PeerReads, VerdictsUnavailableError } from './peer-reads';
export { coverUpdates, EventsMismatchError, verdictItemOf, verdictKey } from './verdicts';
export type { EventsCover, ServedEvent } from './verdicts';
export type { MirrorOptions } from './scan-mirror';
export type { MirrorProgress } from './mirror-progress';
export { mirrorOffsetBase, readStorePosition } from './store-position';
export type { StorePosition } from './store-position';
export { LedgerConvertError, historyUpdateOf, inferDamlValue } from './ledger-convert';
export { LedgerFeed, LedgerFeedError } from './ledger-feed';
export type { LedgerFeedOptions, LedgerFeedProgress } from './ledger-feed';
export { FEED_UPDATE_FORMAT, LedgerAuthError, LedgerRequestError, LedgerSource } from './ledger-source';
export { SynchronizerStateCopier } from './synchronizer-state';
export type { PeerQuorum, SynchronizerStateOptions } from './synchronizer-state';
export {
  agreedAnswer,
  hostingAnswerOf,
  trafficAnswerOf,
  validHosting,
  validTraffic,
} from './synchronizer-state-agreement';
export type { AnswerAgreement, HostingAnswer, TrafficAnswer } from './synchronizer-state-agreement';
export { agreeOnBlobs, disclosedBlobs, RegistryPeers } from './registry-blobs';
export type { RegistryBlobsOutcome } from './registry-blobs';
export type { ServedBlob } from './served-blobs';
