/** What went wrong, in domain terms; each app maps these to its group's status and body. */
export enum DomainErrorCode {
  NotFound = 'NOT_FOUND',
  /** No ledger user with that id (its own code on a participant, category NOT_FOUND). */
  UserNotFound = 'USER_NOT_FOUND',
  InvalidArgument = 'INVALID_ARGUMENT',
  /** A contract to disclose is being reassigned between synchronizers. */
  ContractInFlight = 'CONTRACT_IN_FLIGHT',
  /** The contract a choice would be exercised on has been archived (e.g. a settled transfer instruction). */
  ContractNotActive = 'CONTRACT_NOT_ACTIVE',
  /** The request reaches below the ledger's pruning offset. */
  PrunedDataAccessed = 'PARTICIPANT_PRUNED_DATA_ACCESSED',
  /** More results than the configured list limit. */
  ListLimitExceeded = 'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED',
  Unauthenticated = 'UNAUTHENTICATED',
  PermissionDenied = 'PERMISSION_DENIED',
  /** The database cannot be reached. */
  Unavailable = 'UNAVAILABLE',
  /** An update contradicts the stored history (write path). */
  InconsistentHistory = 'INCONSISTENT_HISTORY',
  /** A mirrored contract's created event blob has not been received from the peers yet. */
  CreatedEventBlobNotStored = 'CREATED_EVENT_BLOB_NOT_STORED',
  /**
   * A lossless answer would include an update loaded from compact-only history, which has no
   * lossless form (docs/compact-only.md).
   */
  CompactOnlyHistory = 'COMPACT_ONLY_HISTORY',
  /** An operation of the real API this stack does not serve; the message says why. */
  NotImplemented = 'NOT_IMPLEMENTED',
  /**
   * The answer needs the synchronizer's verdicts of a migration this store does not carry (a
   * mirror whose peers did not serve them; docs/events.md).
   */
  VerdictsNotHeld = 'VERDICTS_NOT_HELD',
  /**
   * The answer needs the synchronizer's party-to-participant topology, which this store does not
   * carry for that synchronizer (a mirror does not copy it; docs/hosting.md).
   */
  HostingNotHeld = 'HOSTING_NOT_HELD',
  /**
   * A mirror's traffic-status of a member it knows, whose sequencer state no f + 1 of its peers
   * have answered alike yet (docs/traffic.md "On a mirror").
   */
  TrafficNotHeld = 'TRAFFIC_NOT_HELD',
  /**
   * Scan's v0 participant-id lookup of a party several participants host: upstream's v0 cannot
   * name one and fails (500); its v1 lists them all.
   */
  HostedOnSeveralParticipants = 'HOSTED_ON_SEVERAL_PARTICIPANTS',
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly context: Record<string, string> = {},
    /** Seconds the client should wait before trying again (HTTP `Retry-After`), when known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string, context?: Record<string, string>) =>
  new DomainError(DomainErrorCode.NotFound, message, context);
export const invalidArgument = (message: string, context?: Record<string, string>) =>
  new DomainError(DomainErrorCode.InvalidArgument, message, context);

/** A lossless read over update `updateId`, which was loaded from compact-only history. */
export const compactOnlyHistory = (updateId: string) =>
  new DomainError(
    DomainErrorCode.CompactOnlyHistory,
    `update ${updateId} was loaded without type information (compact-only history): its payloads can be served in compact_json only, not in protobuf_json (lossless)`,
    { updateId },
  );

/** An operation this stack does not serve: `why` is the reason, stated to the client. */
export const notImplemented = (why: string) => new DomainError(DomainErrorCode.NotImplemented, why);
/** An answer that needs verdicts of history this store holds without them. */
export const verdictsNotHeld = (what: string) =>
  new DomainError(
    DomainErrorCode.VerdictsNotHeld,
    `${what}: this node does not carry the synchronizer's mediator verdicts (a scan mirror whose peers did not serve them copies the update history only, and history written before verdicts were stored has none); ask a scan that ingests its synchronizer's verdicts`,
  );

/** An answer that needs the party-to-participant topology of a synchronizer this store holds without it. */
export const hostingNotHeld = (what: string) =>
  new DomainError(
    DomainErrorCode.HostingNotHeld,
    `${what}: this node does not carry the synchronizer's party-to-participant topology (its history came without it); ask a scan connected to the synchronizer`,
  );

/** A party a mirror met in its history but whose hosting f + 1 peers have not answered alike yet (or never met). */
export const hostingNotCopied = (what: string) =>
  new DomainError(
    DomainErrorCode.HostingNotHeld,
    `${what}: this node is a scan mirror and has not copied this party's hosting from its peers (it copies the hosting of the parties of the history it copied, once f + 1 peers answer alike); ask a scan connected to the synchronizer`,
  );

/** A member a mirror knows, whose sequencer traffic state no quorum of its peers has given yet. */
export const trafficNotHeld = (memberId: string, synchronizerId: string) =>
  new DomainError(
    DomainErrorCode.TrafficNotHeld,
    `the traffic state of member ${memberId} on synchronizer ${synchronizerId} is not held: this node is a scan mirror, and no f + 1 of its peers have answered it alike yet; ask a scan connected to the synchronizer`,
    { memberId, synchronizerId },
  );

/** Errors that mean "the database is not reachable right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: socket errors may come from another realm (e.g. node core under jest), failing `instanceof Error`.
  if (
    typeof error !== 'object' ||
    error === null ||
    typeof (error as { message?: unknown }).message !== 'string'
  )
    return false;
  const code = (error as { code?: string }).code;
  if (
    code &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'ENOTFOUND',
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      '08003',
    ].includes(code)
  ) {
    return true;
  }
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    (error as { message: string }).message,
  );
}
