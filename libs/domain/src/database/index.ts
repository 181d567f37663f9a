/** The database layer's public surface (connections, statements, migrations, replicas, embedded server). */
export { createDataSource } from './data-source';
export { checkSchema, isMigrated, openDatabase, SchemaMismatchError, schemaState } from './database';
export type { Database, SchemaState } from './database';
export { Db } from './db';
export type { Params, Statement } from './db';
export { MIGRATIONS } from './migrations';
export { ReadDb } from './read-db';
export { BinaryCopyValueReader, inlineParams, runTextBytes, streamTextBytes } from './text-bytes';
export { StreamedBytes } from './streamed-bytes';
export { ReadReplicas, redactPassword } from './read-replicas';
export type { ReplicaStatus } from './read-replicas';
export type { PoolStats } from './db';
export { startEmbeddedPostgres } from './embedded-postgres';
export { DataDirInUseError } from './data-dir-lock';
export type { EmbeddedPostgres } from './embedded-postgres';
export { installPgTypeParsers } from './timestamps';
export { SESSION_OPTIONS } from './session-options';
