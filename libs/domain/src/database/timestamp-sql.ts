/*
 * The API's timestamp forms written by PostgreSQL, as quoted JSON strings (statements that write
 * response text use these; docs/daml-values.md "Event and update fields"). `t` is an SQL
 * expression of type timestamptz.
 */

/** Six fraction digits, always (`record_time`, contracts' `created_at`): `"2026-01-05T10:00:00.120000Z"`. */
export const microsJsonSql = (t: string): string =>
  `('"' || to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"')`;

/**
 * Java `Instant.toString` (`effective_at`): the fraction in groups of three digits, trailing zero
 * groups dropped: `…:33.930Z`, `…:34.404896Z`, `…:33Z`.
 */
export const instantJsonSql = (t: string): string =>
  `('"' || CASE (extract(microseconds FROM ${t})::bigint % 1000000 = 0, extract(microseconds FROM ${t})::bigint % 1000 = 0)
     WHEN (true, true) THEN to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
     WHEN (false, true) THEN to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     ELSE to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') END || '"')`;

/** The fewest fraction digits that keep the value (created events' `created_at`): `…:34.34423Z`, `…:09:00Z`. */
export const fewestDigitsJsonSql = (t: string): string =>
  `('"' || regexp_replace(to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '\\.?0+$', '') || 'Z"')`;
