export * from './test-backend';
export * from './test-database';
