import { scanApi } from '@canton-scan/contracts';
import type { MissingNetworkBlobs } from '@canton-scan/domain';
import type { PeerAnswer, ScanPeer } from './peer';

/** A contract's created event blob as a peer served it. */
export interface ServedBlob {
  contractId: string;
  blob: string;
}

/** One read of blobs from every peer: what it is (peer status), and how one peer is asked. */
export interface BlobRead {
  what: string;
  ask: (peer: ScanPeer) => Promise<PeerAnswer<ServedBlob[]>>;
  /** The contract ids the read is for, when it is for given ones (a preapproval by its receiver). */
  expects?: string[];
}

/** Above this many providers lacking a blob, the whole list is read instead of each provider's. */
export const FEATURED_APPS_BY_PROVIDER_MAX = 20;

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

/** The blobs of contracts (plain or with state; a cached one, without its contract, has none). */
function blobsOf(
  contracts: readonly (scanApi.Contract | scanApi.MaybeCachedContractWithState | undefined)[],
) {
  const blobs: ServedBlob[] = [];
  for (const c of contracts) {
    const contract = c === undefined ? undefined : 'contract_id' in c ? c : c.contract;
    if (contract !== undefined)
      blobs.push({ contractId: contract.contract_id, blob: contract.created_event_blob });
  }
  return blobs;
}

/** Asks a peer with the generated client and maps its answer (404: it serves nothing) to blobs. */
function read<T>(
  what: string,
  send: Parameters<ScanPeer['ask']>[0],
  contracts: (value: T) => (scanApi.Contract | scanApi.MaybeCachedContractWithState | undefined)[],
  expects?: string[],
): BlobRead {
  return {
    what,
    expects,
    ask: async (peer) => {
      const answer = await peer.ask<T>(send);
      return answer.absent ? answer : { absent: false, value: blobsOf(contracts(answer.value)) };
    },
  };
}

const noCache = { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] };

/**
 * The peers' reads that serve the blobs of the current network contracts the store lacks (the
 * scan group's `ContractWithState` endpoints and contract lists): only the endpoints of what is
 * missing, so a mirror whose network contracts all have their blobs asks for none of these.
 */
export function networkBlobReads(missing: MissingNetworkBlobs): BlobRead[] {
  const reads: BlobRead[] = [];
  const has = (entity: string) => missing.entities.has(entity);
  if (has('AmuletRules'))
    reads.push(
      read<scanApi.AmuletRulesUpdateResponse>(
        'the amulet rules (/v0/amulet-rules)',
        (client, signal) => scanApi.getAmuletRules({ client, body: {}, signal }),
        (v) => [v.amulet_rules_update],
      ),
    );
  if (has('ExternalPartyAmuletRules'))
    reads.push(
      read<scanApi.ExternalPartyAmuletRulesUpdateResponse>(
        'the external party amulet rules (/v0/external-party-amulet-rules)',
        (client, signal) => scanApi.getExternalPartyAmuletRules({ client, body: {}, signal }),
        (v) => [v.external_party_amulet_rules_update],
      ),
    );
  if (has('OpenMiningRound') || has('IssuingMiningRound'))
    reads.push(
      read<scanApi.OpenAndIssuingMiningRoundsResponse>(
        'the open and issuing mining rounds (/v0/open-and-issuing-mining-rounds)',
        (client, signal) => scanApi.getOpenAndIssuingMiningRounds({ client, body: noCache, signal }),
        (v) => [...Object.values(v.open_mining_rounds), ...Object.values(v.issuing_mining_rounds)],
      ),
    );
  if (has('ClosedMiningRound'))
    reads.push(
      read<scanApi.GetClosedRoundsResponse>(
        'the closed mining rounds (/v0/closed-rounds)',
        (client, signal) => scanApi.getClosedRounds({ client, signal }),
        (v) => v.rounds,
      ),
    );
  if (has('AnsRules'))
    reads.push(
      read<scanApi.GetAnsRulesResponse>(
        'the ANS rules (/v0/ans-rules)',
        (client, signal) => scanApi.getAnsRules({ client, body: {}, signal }),
        (v) => [v.ans_rules_update],
      ),
    );
  if (has('FeaturedAppRight')) {
    const providers = missing.featuredAppProviders;
    if (providers.length > FEATURED_APPS_BY_PROVIDER_MAX || providers.length === 0)
      reads.push(
        read<scanApi.ListFeaturedAppRightsResponse>(
          'the featured app rights (/v0/featured-apps)',
          (client, signal) => scanApi.listFeaturedAppRights({ client, signal }),
          (v) => v.featured_apps,
        ),
      );
    else
      for (const provider of providers)
        reads.push(
          read<scanApi.ListFeaturedAppRightsResponse>(
            `the featured app rights of ${provider} (/v0/featured-apps/by-provider)`,
            (client, signal) =>
              scanApi.listFeaturedAppRightsByProvider({
                client,
                path: { provider_party_id: provider },
                signal,
              }),
            (v) => v.featured_apps,
          ),
        );
  }
  for (const { receiver, contractId } of missing.preapprovals)
    reads.push(
      read<scanApi.TransferPreapprovalResponse>(
        `the transfer preapproval of ${receiver} (/v0/transfer-preapprovals/by-party)`,
        (client, signal) =>
          scanApi.lookupTransferPreapprovalByParty({ client, path: { party: receiver }, signal }),
        (v) => [v.transfer_preapproval],
        [contractId],
      ),
    );
  return reads;
}
