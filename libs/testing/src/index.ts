export * from './test-backend';
export * from './test-database';
export * from './spec-responses';
export * from './test-app';
export * from './bad-input';
export * from './history-fixtures';
