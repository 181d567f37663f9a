module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'mirror',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.integration-spec.ts'],
};
