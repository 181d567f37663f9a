module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'registry-api',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.integration-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
};
