/**
 * SQL of the synchronizer dictionary (`synchronizers`) for the readers of the id columns
 * (`updates.synchronizer`, `contracts.synchronizer`).
 */

/**
 * The whole dictionary as one array, the name of id N at index N (null where an id was never
 * committed: a rolled-back batch uses one up). Uncorrelated, so it is read once per statement (an
 * InitPlan: a few buffers), where a lookup per row would read the dictionary again for each row.
 */
const SYNCHRONIZER_NAMES = `(SELECT array_agg(d.synchronizer ORDER BY g.id)
    FROM generate_series(1, (SELECT max(m.id) FROM synchronizers m)) AS g(id) LEFT JOIN synchronizers d ON d.id = g.id)`;

/**
 * The synchronizer id (name) that the dictionary id `id` (an SQL smallint expression, e.g. a
 * column) stands for, for statements of many rows: the dictionary is read once (a fixed ~0.1 ms,
 * where a lookup per row costs a buffer per row; `synchronizerNameOfOne` for a one-row statement).
 */
export function synchronizerNameOf(id: string): string {
  return `${SYNCHRONIZER_NAMES}[${id}]`;
}

/**
 * As `synchronizerNameOf`, for a statement of one row: one lookup (a buffer), no array built.
 * `id` qualified by its table (`c.synchronizer`: unqualified, it would name the dictionary's column).
 */
export function synchronizerNameOfOne(id: string): string {
  return `(SELECT d.synchronizer FROM synchronizers d WHERE d.id = ${id})`;
}

/**
 * The dictionary id of the synchronizer id (name) `name` (an SQL text expression, e.g. a
 * parameter); null for a synchronizer the dictionary does not hold, which then equals no row's.
 * Uncorrelated, it is evaluated once per statement (an InitPlan).
 */
export function synchronizerIdOf(name: string): string {
  return `(SELECT d.id FROM synchronizers d WHERE d.synchronizer = ${name})`;
}
