import type { scanApi } from '@canton-scan/contracts/browser';
import type { OpenMiningRound } from './payloads';

export interface RoundInfo {
  number: number;
  opensAt: string;
  targetClosesAt: string;
  contractId: string;
}

/** The open mining rounds of the answer, by round number. */
export function openRounds(r: scanApi.OpenAndIssuingMiningRoundsResponse): RoundInfo[] {
  return Object.entries(r.open_mining_rounds)
    .flatMap(([contractId, c]) => {
      const p = c.contract?.payload as unknown as OpenMiningRound | undefined;
      return p
        ? [
            {
              number: Number(p.round.number),
              opensAt: p.opensAt,
              targetClosesAt: p.targetClosesAt,
              contractId,
            },
          ]
        : [];
    })
    .sort((a, b) => a.number - b.number);
}

/** The newest open round (the one opening last). */
export function latestRound(r: scanApi.OpenAndIssuingMiningRoundsResponse): RoundInfo | undefined {
  return openRounds(r).at(-1);
}
