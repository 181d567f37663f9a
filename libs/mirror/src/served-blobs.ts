import type { scanApi } from '@canton-scan/contracts';
import type { PeerAnswer } from './peer';

/** A contract's created event blob as a peer served it. */
export interface ServedBlob {
  contractId: string;
  blob: string;
}

export function dsoContracts(info: scanApi.GetDsoInfoResponse): scanApi.ContractWithState[] {
  return [info.amulet_rules, info.latest_mining_round, info.dso_rules, ...info.sv_node_states];
}

export function servedContracts<T>(
  answer: PeerAnswer<T>,
  contractsOf: (value: T) => scanApi.ContractWithState[],
): ServedBlob[] {
  if (answer.absent) return [];
  return contractsOf(answer.value).map((c) => ({
    contractId: c.contract.contract_id,
    blob: c.contract.created_event_blob,
  }));
}
