module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.integration-spec.ts',
    '<rootDir>/test/**/*.spec.ts',
    '<rootDir>/test/**/*.integration-spec.ts',
  ],
};
