import { HistoryStore1795316380631 } from './1795316380631-history-store';

/** Every migration, in order. A new migration is appended here. */
export const MIGRATIONS = [HistoryStore1795316380631];
