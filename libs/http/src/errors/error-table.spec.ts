import { DomainErrorCode } from '@canton-scan/domain';
import {
  DOMAIN_ERROR_TABLE,
  domainErrorMapping,
  LEDGER_ERROR_CATEGORIES,
  mappingOfStatus,
  statusOf,
} from './error-table';

describe('error table', () => {
  it.each([
    [DomainErrorCode.NotFound, 404, 'NOT_FOUND', 'NOT_FOUND', false],
    [DomainErrorCode.InvalidArgument, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', true],
    [DomainErrorCode.ContractInFlight, 409, 'ABORTED', 'CONTRACT_IN_FLIGHT', false],
    [DomainErrorCode.ContractNotActive, 409, 'FAILED_PRECONDITION', 'CONTRACT_NOT_ACTIVE', false],
    [
      DomainErrorCode.PrunedDataAccessed,
      400,
      'FAILED_PRECONDITION',
      'PARTICIPANT_PRUNED_DATA_ACCESSED',
      false,
    ],
    [
      DomainErrorCode.ListLimitExceeded,
      413,
      'ABORTED',
      'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED',
      false,
    ],
    [DomainErrorCode.Unauthenticated, 401, 'UNAUTHENTICATED', 'UNAUTHENTICATED', false],
    [DomainErrorCode.PermissionDenied, 403, 'PERMISSION_DENIED', 'PERMISSION_DENIED', false],
    [DomainErrorCode.Unavailable, 503, 'UNAVAILABLE', 'UNAVAILABLE', false],
    [DomainErrorCode.InconsistentHistory, 400, 'FAILED_PRECONDITION', 'INCONSISTENT_HISTORY', false],
    [DomainErrorCode.CompactOnlyHistory, 409, 'FAILED_PRECONDITION', 'COMPACT_ONLY_HISTORY', false],
    [DomainErrorCode.VerdictsNotHeld, 503, 'UNAVAILABLE', 'VERDICTS_NOT_HELD', false],
    [DomainErrorCode.HostingNotHeld, 503, 'UNAVAILABLE', 'HOSTING_NOT_HELD', false],
    [DomainErrorCode.TrafficNotHeld, 503, 'UNAVAILABLE', 'TRAFFIC_NOT_HELD', false],
    [DomainErrorCode.HostedOnSeveralParticipants, 500, 'INTERNAL', 'HOSTED_ON_SEVERAL_PARTICIPANTS', false],
  ] as const)('%s → %i, %s, %s', (code, status, category, ledgerCode, ledgerPlainText) => {
    expect(domainErrorMapping(code)).toEqual({ status, category, ledgerCode, ledgerPlainText });
    expect(statusOf(code)).toBe(status);
    expect(LEDGER_ERROR_CATEGORIES[category]).toBeDefined();
  });

  it('has a row for every domain error code and nothing else', () => {
    expect(Object.keys(DOMAIN_ERROR_TABLE).sort()).toEqual(Object.values(DomainErrorCode).sort());
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DOMAIN_ERROR_TABLE)).toBe(true);
    expect(Object.isFrozen(DOMAIN_ERROR_TABLE[DomainErrorCode.NotFound])).toBe(true);
  });

  it.each([
    [404, 'NOT_FOUND', 'NOT_FOUND'],
    [405, 'NOT_FOUND', 'NOT_FOUND'],
    [413, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
    [415, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
    [503, 'UNAVAILABLE', 'SERVICE_NOT_RUNNING'],
    [500, 'INTERNAL', 'INTERNAL_ERROR'],
  ] as const)('status %i of a non-domain error → %s, %s', (status, category, ledgerCode) => {
    expect(mappingOfStatus(status)).toEqual({ status, category, ledgerCode });
  });
});
