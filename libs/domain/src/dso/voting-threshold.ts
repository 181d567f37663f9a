/**
 * Votes a governance decision needs among `svCount` SVs (docs/governance.md "Voting threshold"): with f = floor((n - 1) / 3)
 * faulty SVs tolerated, ceil((n + f + 1) / 2). 1 SV -> 1, 4 -> 3, 7 -> 5, 10 -> 7.
 */
export function votingThreshold(svCount: number): number {
  if (!Number.isInteger(svCount) || svCount < 1)
    throw new RangeError(`a DSO has at least one SV, got ${svCount}`);
  const tolerated = Math.floor((svCount - 1) / 3);
  return Math.ceil((svCount + tolerated + 1) / 2);
}
