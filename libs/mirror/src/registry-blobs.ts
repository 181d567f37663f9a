import { createRegistryClient } from '@canton-scan/contracts';
import { DEFAULT_CALL_POLICY, type CallPolicy, type RawResult } from './peer';
import { agreedPrefix, quorumSize } from './quorum';
import type { ServedBlob } from './served-blobs';

/** What the peers' registries gave for one request. */
export interface RegistryBlobsOutcome {
  /** Per contract id, the blob f + 1 peers disclosed alike. */
  agreed: ServedBlob[];
  /** Peers that did not answer (timeout, connection, 5xx), with why. */
  unreachable: { url: string; error: string }[];
  /** Peers whose blob of a contract differed from the one f + 1 others agreed on, with the contract. */
  dissenters: { url: string; contractId: string }[];
}

interface Disclosed {
  contractId?: unknown;
  createdEventBlob?: unknown;
}

/** The disclosed contracts of a registry answer: a choice context, or a factory's (`choiceContext`). */
export function disclosedBlobs(answer: unknown): ServedBlob[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const context = 'choiceContext' in answer ? (answer as { choiceContext: unknown }).choiceContext : answer;
  const disclosed = (context as { disclosedContracts?: unknown } | null)?.disclosedContracts;
  if (!Array.isArray(disclosed)) return [];
  return (disclosed as Disclosed[])
    .filter((d) => typeof d.contractId === 'string' && typeof d.createdEventBlob === 'string')
    .map((d) => ({ contractId: d.contractId as string, blob: d.createdEventBlob as string }));
}

/** Per contract id, the blob at least `quorum` voters gave alike (the largest group; a tie none). */
export function agreeOnBlobs(
  answers: readonly { url: string; blobs: readonly ServedBlob[] }[],
  quorum: number,
): { agreed: ServedBlob[]; dissenters: { url: string; contractId: string }[] } {
  const byContract = new Map<string, { url: string; items: string[] }[]>();
  for (const answer of answers)
    for (const b of answer.blobs) {
      const votes = byContract.get(b.contractId) ?? [];
      if (!votes.some((v) => v.url === answer.url)) votes.push({ url: answer.url, items: [b.blob] });
      byContract.set(b.contractId, votes);
    }
  const agreed: ServedBlob[] = [];
  const dissenters: { url: string; contractId: string }[] = [];
  for (const [contractId, votes] of byContract) {
    const result = agreedPrefix(votes, quorum, (blob) => blob);
    if (result.items.length === 1) agreed.push({ contractId, blob: result.items[0] });
    for (const url of result.dissenters) dissenters.push({ url, contractId });
  }
  return { agreed, dissenters };
}

/**
 * The peers' own token registries (`{scan base}/registry/...`), asked for the answer a client
 * asked this registry for, to take the blobs of the contracts it discloses. Each peer gets one
 * attempt bounded by the call policy's timeout: the client is waiting.
 */
export class RegistryPeers {
  private readonly peers: { url: string; client: ReturnType<typeof createRegistryClient> }[];
  readonly quorum: number;

  constructor(
    urls: readonly string[],
    private readonly policy: Pick<CallPolicy, 'timeoutMs'> = DEFAULT_CALL_POLICY,
  ) {
    this.peers = urls.map((url) => ({
      url,
      client: createRegistryClient({ baseUrl: url.replace(/\/+$/, '') }),
    }));
    this.quorum = quorumSize(urls.length);
  }

  get size(): number {
    return this.peers.length;
  }

  /** POSTs `body` to `path` (`/registry/...`) of every peer and agrees on the disclosed blobs. */
  async blobsFor(path: string, body: unknown): Promise<RegistryBlobsOutcome> {
    const settled = await Promise.all(
      this.peers.map(async ({ url, client }) => {
        try {
          const result: RawResult = await client.post({
            url: path as '/registry/transfer-instruction/v1/transfer-factory',
            body,
            headers: { 'Content-Type': 'application/json' },
            signal: AbortSignal.timeout(this.policy.timeoutMs),
          });
          const status = result.response?.status ?? 0;
          if (status === 200) return { url, blobs: disclosedBlobs(result.data) };
          // A 4xx is an answer (that peer discloses nothing for it); no answer or a 5xx is not.
          if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { url, blobs: [] };
          return { url, error: status === 0 ? String(result.error) : `HTTP ${status}` };
        } catch (error) {
          return { url, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
        }
      }),
    );
    const answers = settled.filter((s): s is { url: string; blobs: ServedBlob[] } => 'blobs' in s);
    const unreachable = settled.filter((s): s is { url: string; error: string } => 'error' in s);
    return { ...agreeOnBlobs(answers, this.quorum), unreachable };
  }
}
