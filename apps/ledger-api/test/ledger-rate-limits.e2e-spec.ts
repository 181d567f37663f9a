import { ledgerSpec } from '@canton-scan/contracts';
import { describeRateLimits, expectResponseMatchesSpec } from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

describeRateLimits('ledger node group rate limits', createLedgerApp, {
  rateLimits: 'ledger:/v2/parties/participant-id=2/m',
  base: (app) => app.origin + app.config.ledgerApi.prefix,
  limited: { method: 'GET', path: '/v2/parties/participant-id' },
  unlimited: { method: 'GET', path: '/v2/state/latest-pruned-offsets' },
  expectErrorFormat: (answer) => {
    const body: unknown = JSON.parse(answer.text);
    // The ledger error body (its default response), category ABORTED like the participant's backpressure.
    expectResponseMatchesSpec(ledgerSpec, 'getParticipantId', {
      status: 429,
      contentType: answer.contentType,
      body,
    });
    expect(body).toMatchObject({
      code: 'PARTICIPANT_BACKPRESSURE',
      cause: expect.stringContaining('Too many requests'),
      errorCategory: 2,
      grpcCodeValue: 10,
    });
  },
});
