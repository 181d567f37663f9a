// Public API of the ledger read side (the ledger node group).
export * from './development-admin';
export * from './ledger-access';
export * from './ledger-end-watcher';
export * from './ledger-format';
export * from './ledger-interfaces';
export * from './ledger-projection';
export * from './ledger-pruning.repository';
export * from './ledger-pruning.service';
export * from './ledger-updates.repository';
export * from './ledger-updates.service';
export * from './ledger-users.repository';
export * from './ledger-users.service';
export * from './participant-identity.service';
export * from './update-scan';
