import { describeRateLimits } from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

const body = JSON.stringify({ meta: {}, excludeDebugFields: true });

describeRateLimits('registry group rate limits', createRegistryApp, {
  rateLimits: 'registry:/registry/allocations/*=2/m',
  base: (app) => app.origin + app.config.registryApi.prefix,
  limited: {
    method: 'POST',
    path: '/registry/allocations/v1/00abc/choice-contexts/withdraw',
    body,
    contentType: 'application/json',
  },
  unlimited: {
    method: 'POST',
    path: '/registry/allocation-instruction/v1/allocation-factory',
    body,
    contentType: 'application/json',
  },
  expectErrorFormat: (answer) => {
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ error: expect.stringContaining('Too many requests') });
  },
});
