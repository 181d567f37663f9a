import type { ViolationTally } from './history-checker';

/**
 * The violations of the history checks (`history-checker.ts`) the simulator still makes on this
 * branch, one line per kind (`violationKind`: rule | subject | problem), each to be fixed by a flow
 * and then removed from here: `default-network.checks.spec.ts` fails when the default network
 * makes a kind not listed, and when a listed kind no longer occurs, so this list only shrinks as
 * the flows come to match Splice. The day it is empty, the simulated network passes every check.
 */
export const KNOWN_VIOLATIONS: readonly string[] = [];

/**
 * What `npm start`'s network (the default one with `STACK_NETWORK_EXTRAS`: transfer preapprovals
 * and transfer instructions) makes besides KNOWN_VIOLATIONS; checked by
 * `stack-network.checks.spec.ts`.
 */
export const KNOWN_STACK_NETWORK_VIOLATIONS: readonly string[] = [];

/**
 * Compares the violations a history makes with a list of known kinds: `unexpected` are the kinds
 * found that the list does not name (with a count and an example), `fixed` the listed kinds not found.
 */
export function compareWithKnownViolations(
  found: ReadonlyMap<string, ViolationTally>,
  known: readonly string[],
): { unexpected: string[]; fixed: string[] } {
  return {
    unexpected: [...found]
      .filter(([kind]) => !known.includes(kind))
      .map(
        ([kind, t]) => `${kind} (×${t.count}, e.g. update ${t.example.updateId} ${t.example.detail ?? ''})`,
      ),
    fixed: known.filter((kind) => !found.has(kind)),
  };
}
