// Shared jest settings: @swc/jest (with decorator metadata, from .swcrc) and the workspace path aliases.
const path = require('node:path');
const fs = require('node:fs');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
// swc resolves `paths` itself at build time; in jest the moduleNameMapper below does it.
delete swcrc.jsc.paths;
delete swcrc.jsc.baseUrl;

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  // NestJS 12 and jose ship ES modules only; jest on Node 20 needs them compiled to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|jose)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // Generated clients import siblings with ESM-style .js suffixes.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@canton-scan/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@canton-scan/domain$': path.join(__dirname, 'libs/domain/src/index.ts'),
    '^@canton-scan/http$': path.join(__dirname, 'libs/http/src/index.ts'),
    '^@canton-scan/mirror$': path.join(__dirname, 'libs/mirror/src/index.ts'),
    '^@canton-scan/simulator$': path.join(__dirname, 'libs/simulator/src/index.ts'),
    '^@canton-scan/testing$': path.join(__dirname, 'libs/testing/src/index.ts'),
  },
  testTimeout: 60000,
  globalSetup: path.join(__dirname, 'libs/testing/src/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'libs/testing/src/global-teardown.ts'),
};
