/**
 * The settings every session of the stores starts with (the primary's pool, the read replicas'),
 * as the `options` startup parameter:
 * - `TimeZone=UTC`: timestamps render with +00, which the type parser turns into `…Z`;
 * - `jit=off`: the statements are pages and lookups, which PostgreSQL's JIT compiler never pays
 *   back. Its cost estimates grow with the tables, and past `jit_optimize_above_cost` every
 *   execution compiles first: an event list page of 1,000 spent 2.0 of its 3.1 s compiling on a
 *   store of 1 M contracts (docs/scaling.md "Issue 32, fifth session").
 */
export const SESSION_OPTIONS = '-c TimeZone=UTC -c jit=off';
