// Public API of the registry read side.
export * from './allocation-arguments';
export * from './choice-context';
export * from './network-contracts.cache';
export * from './token-registry.repository';
export * from './token-registry.service';
