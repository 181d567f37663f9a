export * from './prng';
export * from './store-samples';
export * from './schema-values';
export * from './generator';
export * from './runner';
export * from './valid-bodies';
export * from './fuzz-tokens';
