import { describeRateLimits, type RateLimitAnswer } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** The scan and validator proxy groups answer `{"error": "..."}`. */
function expectJsonError(answer: RateLimitAnswer): void {
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(JSON.parse(answer.text)).toEqual({ error: expect.stringContaining('Too many requests') });
}

describeRateLimits('scan group rate limits', createScanApp, {
  rateLimits: 'scan:/v0/dso=2/m',
  base: (app) => app.origin + app.config.scanApi.prefix,
  limited: { method: 'GET', path: '/v0/dso' },
  unlimited: { method: 'GET', path: '/v0/state/acs/snapshot-timestamp' },
  expectErrorFormat: expectJsonError,
});

describeRateLimits('validator proxy group rate limits', createScanApp, {
  rateLimits: 'validator:/v0/scan-proxy/dso=2/m',
  base: (app) => app.origin + app.config.scanApi.validatorPrefix,
  // Counted before authentication: a client without a token is limited too.
  limited: { method: 'GET', path: '/v0/scan-proxy/dso' },
  unlimited: { method: 'GET', path: '/v0/scan-proxy/amulet-rules' },
  expectErrorFormat: expectJsonError,
});
