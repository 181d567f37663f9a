module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'scan-mirror',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.integration-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
};
