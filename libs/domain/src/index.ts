export * from './config/app-config';
export * from './config/env';
export * from './daml-value/daml-value.types';
export * from './history/update-history.types';
export * from './database/database';
export * from './database/data-source';
export * from './database/embedded-postgres';
export * from './database/timestamps';
