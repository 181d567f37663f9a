import { createHash } from 'node:crypto';
import { decompress } from 'fzstd';
import { createScanClient, scanSpec } from '@canton-scan/contracts';
import { canonicalJson, loadConfig, timestampToMicros } from '@canton-scan/domain';
import { openSimulatedNetwork, stackSimulationOptions } from '@canton-scan/simulator';
import {
  callChecked,
  decodeAcsExport,
  expectResponseMatchesSpec,
  openSecondStore,
  startTestApp,
  type CheckedResponse,
  type RunningTestApp,
  type SecondStore,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/*
 * The acceptance test of the scan group's read surface over the network `npm start` loads: the
 * default simulated network with the stack's extras, laid out up to now (SIMULATION_LIVE), as a
 * fresh `npm start` writes it before it serves. Every operation of specs/scan.yaml has an entry
 * in OPERATIONS, keyed by method and path: how a client finds its parameters from other answers,
 * and what its answer must hold. Then the cross-checks a client can make between answers.
 */

type Client = ReturnType<typeof createScanClient>;
// Answers are checked against the spec before use; their fields are read as JSON.
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A request's parameters, as the generated client takes them. */
interface Request {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** An operation served from the store: it answers 200 with something in it. */
interface ReadOperation {
  kind: 'read';
  /** How a client finds the request's parameters from other answers. */
  request?: (found: Discovery) => Promise<Request>;
  /**
   * What must not be empty in the answer (at least one item); without it the answer must be an
   * object with at least one field (its required ones are checked against the spec).
   */
  items?: (body: Json) => unknown[];
  /** Why the answer is empty by design (upstream's answer on such a node), when it is. */
  emptyByDesign?: string;
  /** The status `npm start`'s stack answers when not 200, and why. */
  status?: { code: number; why: string };
}

/** An excluded upstream operation: it answers 501 in the scan error format, stating why. */
interface NotImplementedOperation {
  kind: 'not-implemented';
  request?: Request;
}

/** One of our own operations, beside upstream's read surface (tested by its own suites). */
interface ExtraOperation {
  kind: 'extra';
  why: string;
}

type Operation = ReadOperation | NotImplementedOperation | ExtraOperation;

const FAR_FUTURE = '9999-12-31T23:59:59.999999Z';
const EXPLORER = 'the explorer API, ours (scan-explorer-*.e2e-spec.ts)';
const HEALTH = 'a health probe (scan-api.e2e-spec.ts)';

/** `Module.Path:Entity` of a template id (`<package>:<Module.Path>:<Entity>`), as clients match it. */
const templateOf = (templateId: string): string => templateId.split(':').slice(1).join(':');

/**
 * Every operation of specs/scan.yaml, by method and path. A new operation without an entry
 * fails the first test: add how a client calls it.
 */
/** A vote request's tracking id: its first contract's id, carried on by each re-created one. */
const trackingIdOf = (c: Json): string => (c.payload.trackingCid as string | null) ?? c.contract_id;

const OPERATIONS: Record<string, Operation> = {
  // --- updates
  'GET /v2/updates/{update_id}': {
    kind: 'read',
    request: async (f) => ({ path: { update_id: (await f.someTransaction()).update_id } }),
  },
  'GET /v1/updates/{update_id}': {
    kind: 'read',
    request: async (f) => ({ path: { update_id: (await f.someTransaction()).update_id } }),
  },
  'GET /v0/updates/{update_id}': {
    kind: 'read',
    request: async (f) => ({ path: { update_id: (await f.someTransaction()).update_id } }),
  },
  'GET /v2/updates/hash/{hash}': {
    kind: 'read',
    request: async (f) => ({ path: { hash: await f.externalTransactionHash() } }),
  },
  'POST /v2/updates': {
    kind: 'read',
    request: async () => ({ body: { page_size: 10 } }),
    items: (b) => b.transactions,
  },
  'POST /v1/updates': {
    kind: 'read',
    request: async () => ({ body: { page_size: 10 } }),
    items: (b) => b.transactions,
  },
  'POST /v0/transactions': {
    kind: 'read',
    request: async () => ({ body: { page_size: 10 } }),
    items: (b) => b.transactions,
  },
  // --- events
  'POST /v0/events': {
    kind: 'read',
    request: async () => ({ body: { page_size: 10 } }),
    items: (b) => b.events,
  },
  'GET /v0/events/{update_id}': {
    kind: 'read',
    request: async (f) => ({ path: { update_id: (await f.someEventWithUpdate()).update.update_id } }),
  },
  // --- backfilling
  'POST /v0/backfilling/import-updates': {
    kind: 'read',
    request: async (f) => ({
      body: { migration_id: await f.newestMigration(), after_update_id: '', limit: 10 },
    }),
    items: (b) => b.transactions,
  },
  'POST /v0/backfilling/migration-info': {
    kind: 'read',
    request: async (f) => ({ body: { migration_id: await f.newestMigration() } }),
    items: (b) => b.record_time_range,
  },
  'POST /v0/backfilling/updates-before': {
    kind: 'read',
    request: async (f) => {
      const [range] = await f.newestMigrationRanges();
      return {
        body: {
          migration_id: await f.newestMigration(),
          synchronizer_id: range.synchronizer_id,
          before: FAR_FUTURE,
          count: 10,
        },
      };
    },
    items: (b) => b.transactions,
  },
  'GET /v0/backfilling/status': { kind: 'read' },
  'GET /v0/migrations/last': { kind: 'read' },
  // --- ACS
  'POST /v0/state/acs': {
    kind: 'read',
    request: async (f) => ({ body: { ...(await f.snapshot()), page_size: 10 } }),
    items: (b) => b.created_events,
  },
  'POST /v1/state/acs': {
    kind: 'read',
    request: async (f) => ({ body: { ...(await f.snapshot()), page_size: 10 } }),
    items: (b) => b.created_events,
  },
  'POST /v2/state/acs': {
    kind: 'read',
    request: async (f) => ({ body: { ...(await f.snapshot()), page_size: 10 } }),
    items: (b) => b.created_events,
  },
  'GET /v0/state/acs/snapshot-timestamp': {
    kind: 'read',
    request: async (f) => ({
      query: { before: new Date().toISOString(), migration_id: await f.newestMigration() },
    }),
  },
  'GET /v0/state/acs/snapshot-timestamp-after': {
    kind: 'read',
    request: async (f) => ({
      query: {
        after: (await f.newestMigrationRanges())[0].min,
        migration_id: await f.newestMigration(),
      },
    }),
  },
  'POST /v0/state/acs/force': {
    kind: 'read',
    status: {
      code: 400,
      why: 'forced snapshots are off unless SCAN_FORCED_ACS_SNAPSHOTS=true, as on production scans',
    },
  },
  // --- holdings
  'POST /v1/holdings/summary': {
    kind: 'read',
    request: async (f) => ({ body: { ...(await f.snapshot()), owner_party_ids: await f.owners() } }),
    items: (b) => b.summaries,
  },
  'POST /v0/holdings/summary': {
    kind: 'read',
    request: async (f) => ({ body: { ...(await f.snapshot()), owner_party_ids: await f.owners() } }),
    items: (b) => b.summaries,
  },
  'POST /v0/holdings/state': {
    kind: 'read',
    request: async (f) => ({
      body: { ...(await f.snapshot()), owner_party_ids: await f.owners(), page_size: 10 },
    }),
    items: (b) => b.created_events,
  },
  'POST /v1/holdings/state': {
    kind: 'read',
    request: async (f) => ({
      body: { ...(await f.snapshot()), owner_party_ids: await f.owners(), page_size: 10 },
    }),
    items: (b) => b.created_events,
  },
  // --- validators, development fund
  'GET /v0/validators/validator-faucets': {
    kind: 'read',
    request: async (f) => ({ query: { validator_ids: await f.validators() } }),
    items: (b) => b.validatorsReceivedFaucets,
  },
  'GET /v0/admin/validator/licenses': { kind: 'read', items: (b) => b.validator_licenses },
  'GET /v0/unclaimed-development-fund-coupons': {
    kind: 'read',
    items: (b) => b['unclaimed-development-fund-coupons'],
  },
  // --- governance
  'GET /v0/admin/sv/voterequests': {
    kind: 'read',
    items: (b) => b.dso_rules_vote_requests,
  },
  'GET /v0/voterequests/{vote_request_contract_id}': {
    kind: 'read',
    request: async (f) => ({
      // Looked up by tracking id, as upstream does: the first request's contract id, which each
      // vote cast (archiving and re-creating the request) carries on as `trackingCid`.
      path: { vote_request_contract_id: trackingIdOf((await f.voteRequests())[0]) },
    }),
  },
  'POST /v0/voterequest': {
    kind: 'read',
    request: async (f) => ({
      body: {
        vote_request_contract_ids: (await f.voteRequests()).map(trackingIdOf),
      },
    }),
    items: (b) => b.vote_requests,
  },
  'POST /v0/admin/sv/voteresults': {
    kind: 'read',
    request: async () => ({ body: { limit: 10 } }),
    items: (b) => b.dso_rules_vote_results,
  },
  'POST /v0/admin/sv/voteresults/count': {
    kind: 'read',
    request: async () => ({ body: {} }),
  },
  // --- reward accounting
  'GET /v0/internal/reward-accounting-process/rounds/earliest-available': { kind: 'read' },
  'GET /v0/internal/reward-accounting-process/rounds/{round_number}/activity-totals': {
    kind: 'read',
    request: async (f) => ({ path: { round_number: await f.earliestAccountedRound() } }),
  },
  'GET /v0/internal/reward-accounting-process/rounds/{round_number}/root-hash': {
    kind: 'not-implemented',
    request: { path: { round_number: 1 } },
  },
  'GET /v0/internal/reward-accounting-process/rounds/{round_number}/batches/{batch_hash}': {
    kind: 'not-implemented',
    request: { path: { round_number: 1, batch_hash: 'ab'.repeat(32) } },
  },
  'GET /v0/acs/{party}': {
    kind: 'read',
    request: async (f) => ({ path: { party: (await f.owners())[0] } }),
    // The export's entries: the owner's contracts the DSO is a stakeholder on (its amulets at least).
    items: (b) => decodeAcsExport(b.acs_snapshot),
  },
  // --- synchronizer internals
  'GET /v0/lsu': { kind: 'not-implemented' },
  'GET /v0/roll-forward-lsu': { kind: 'not-implemented' },
  'GET /v0/active-synchronizer-serial': { kind: 'not-implemented' },
  'GET /v0/synchronizer-identities/{domain_id_prefix}': {
    kind: 'not-implemented',
    request: { path: { domain_id_prefix: 'global-domain' } },
  },
  'GET /v0/synchronizer-bootstrapping-transactions/{domain_id_prefix}': {
    kind: 'not-implemented',
    request: { path: { domain_id_prefix: 'global-domain' } },
  },
  // --- DSO
  'GET /v0/dso': { kind: 'read', items: (b) => b.sv_node_states },
  'GET /v0/dso-party-id': { kind: 'read' },
  'GET /v0/featured-apps': { kind: 'read', items: (b) => b.featured_apps },
  'GET /v0/featured-apps/{provider_party_id}': {
    kind: 'read',
    request: async (f) => ({ path: { provider_party_id: (await f.featuredApp()).payload.provider } }),
  },
  'GET /v0/featured-apps/by-provider/{provider_party_id}': {
    kind: 'read',
    request: async (f) => ({ path: { provider_party_id: (await f.featuredApp()).payload.provider } }),
    items: (b) => b.featured_apps,
  },
  'GET /v0/featured-apps/by-contract-id/{contract_id}': {
    kind: 'read',
    request: async (f) => ({ path: { contract_id: (await f.featuredApp()).contract_id } }),
  },
  'GET /v0/transfer-preapprovals/by-party/{party}': {
    kind: 'read',
    request: async (f) => ({
      path: { party: (await f.acsOf('Splice.AmuletRules:TransferPreapproval'))[0].create_arguments.receiver },
    }),
  },
  'POST /v0/open-and-issuing-mining-rounds': {
    kind: 'read',
    request: async () => ({
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    }),
    items: (b) => Object.values(b.open_mining_rounds),
  },
  'POST /v0/amulet-rules': { kind: 'read', request: async () => ({ body: {} }) },
  'POST /v0/external-party-amulet-rules': { kind: 'read', request: async () => ({ body: {} }) },
  'POST /v0/ans-rules': { kind: 'read', request: async () => ({ body: {} }) },
  'GET /v0/ans-entries': {
    kind: 'read',
    request: async () => ({ query: { page_size: 10 } }),
    items: (b) => b.entries,
  },
  'GET /v0/ans-entries/by-party/{party}': {
    kind: 'read',
    request: async (f) => ({ path: { party: (await f.userAnsEntry()).user } }),
  },
  'GET /v0/ans-entries/by-name/{name}': {
    kind: 'read',
    request: async (f) => ({ path: { name: (await f.userAnsEntry()).name } }),
  },
  'GET /v0/transfer-command-counter/{party}': {
    kind: 'read',
    request: async (f) => ({
      path: {
        party: (await f.acsOf('Splice.ExternalPartyAmuletRules:TransferCommandCounter'))[0].create_arguments
          .sender,
      },
    }),
  },
  'GET /v0/transfer-command/status': {
    kind: 'read',
    request: async (f) => {
      const command = await f.transferCommand();
      return { query: { sender: command.sender, nonce: Number(command.nonce) } };
    },
    items: (b) => Object.values(b.transfer_commands_by_contract_id),
  },
  'GET /v0/closed-rounds': { kind: 'read', items: (b) => b.rounds },
  'GET /v0/splice-instance-names': { kind: 'read' },
  'GET /v0/migrations/schedule': { kind: 'read' },
  'GET /v0/feature-support': {
    kind: 'read',
    emptyByDesign: 'upstream announces no feature yet: its placeholder field is not sent',
  },
  'GET /v0/amulet-config-for-round': {
    kind: 'read',
    request: async (f) => ({ query: { round: await f.closedRound() } }),
  },
  'GET /v0/amulet-price/votes': { kind: 'read', items: (b) => b.amulet_price_votes },
  'GET /v0/scans': { kind: 'read', items: (b) => b.scans.flatMap((d: Json) => d.scans) },
  'GET /v0/dso-sequencers': {
    kind: 'read',
    items: (b) => b.domainSequencers.flatMap((d: Json) => d.sequencers),
  },
  'GET /v0/sv-bft-sequencers': {
    kind: 'read',
    items: (b) => b.bftSequencers,
    emptyByDesign:
      "a BFT sequencer's peer URL is node configuration, not ledger data: an SV scan without configured BFT sequencers answers an empty list",
  },
  // --- hosting and traffic
  'GET /v0/domains/{domain_id}/parties/{party_id}/participant-id': {
    kind: 'read',
    request: async (f) => ({
      path: { domain_id: await f.synchronizerId(), party_id: (await f.validators())[0] },
    }),
  },
  'GET /v1/domains/{domain_id}/parties/{party_id}/participant-id': {
    kind: 'read',
    request: async (f) => ({
      path: { domain_id: await f.synchronizerId(), party_id: (await f.validators())[0] },
    }),
    items: (b) => b.participant_ids,
  },
  'GET /v0/domains/{domain_id}/members/{member_id}/traffic-status': {
    kind: 'read',
    request: async (f) => {
      const [traffic] = await f.acsOf('Splice.DecentralizedSynchronizer:MemberTraffic');
      return {
        path: {
          domain_id: traffic.create_arguments.synchronizerId,
          member_id: traffic.create_arguments.memberId,
        },
      };
    },
  },
  // --- bulk history (pre-alpha)
  'GET /v0/history/bulk/acs': {
    kind: 'read',
    request: async () => ({ query: { at_or_before_record_time: new Date().toISOString() } }),
    items: (b) => b.object_refs,
  },
  'POST /v0/history/bulk/updates': {
    kind: 'read',
    request: async (f) => {
      const { start, end } = await f.bulkWindow();
      return { body: { start_record_time: start, end_record_time: end, page_size: 10 } };
    },
    items: (b) => b.object_refs,
  },
  'POST /v0/history/bulk/checksums': {
    kind: 'extra',
    why: 'our internal digest endpoint (bulk-history.e2e-spec.ts); the window test below checks digests',
  },
  'GET /v0/history/bulk/download/{object_key}': {
    kind: 'extra',
    why: "scan-stream-server.yaml's download, not scan.yaml's: exercised by the bulk window test below",
  },
  // --- our explorer and health
  'GET /v0/explorer/updates': { kind: 'extra', why: EXPLORER },
  'GET /v0/explorer/contracts/{contract_id}': { kind: 'extra', why: EXPLORER },
  'GET /v0/explorer/search': { kind: 'extra', why: EXPLORER },
  'GET /v0/explorer/network-summary': { kind: 'extra', why: EXPLORER },
  'GET /v0/explorer/acs-template-counts': { kind: 'extra', why: EXPLORER },
  'GET /v0/explorer/mirror-status': { kind: 'extra', why: EXPLORER },
  'POST /v0/updates': {
    kind: 'read',
    request: async () => ({ body: { page_size: 10 } }),
    items: (b) => b.transactions,
  },
  'POST /v0/admin/sv/previous-sv-reward-weight': {
    kind: 'read',
    // The SV whose reward weight an accepted vote changed, as a client finds it in the vote results.
    request: async (f) => {
      const results = await f.ok('POST /v0/admin/sv/voteresults', {
        body: { actionName: 'SRARC_UpdateSvRewardWeight', accepted: true, limit: 1 },
      });
      const [result] = results.dso_rules_vote_results;
      return { body: { svParty: result.request.action.value.dsoAction.value.svParty } };
    },
  },
  'GET /status': { kind: 'read' },
  'GET /version': { kind: 'read' },
  'GET /livez': { kind: 'extra', why: HEALTH },
  'GET /readyz': { kind: 'extra', why: HEALTH },
};

/** Every operation of specs/scan.yaml as `METHOD /path`, with its operationId. */
function specOperations(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries(scanSpec.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, { operationId?: string }>)) {
      if (op?.operationId) out.set(`${method.toUpperCase()} ${path}`, op.operationId);
    }
  }
  return out;
}

/**
 * What a client learns from the scan's answers, each asked once: the migrations, the newest
 * ACS snapshot and its contracts, the update and event history, the DSO's contracts.
 */
class Discovery {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(private readonly call: (key: string, request?: Request) => Promise<CheckedResponse>) {}

  private once<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as Promise<T>;
  }

  /** The answer of an operation, which must be a 200. */
  async ok(key: string, request?: Request): Promise<Json> {
    const res = await this.call(key, request);
    if (res.status !== 200) throw new Error(`${key} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  dso(): Promise<Json> {
    return this.once('dso', () => this.ok('GET /v0/dso'));
  }

  /** The global synchronizer: the one the AmuletRules are assigned to. */
  async synchronizerId(): Promise<string> {
    return (await this.dso()).amulet_rules.domain_id;
  }

  newestMigration(): Promise<number> {
    return this.once('migration', async () => (await this.ok('GET /v0/migrations/last')).migration_id);
  }

  newestMigrationRanges(): Promise<{ synchronizer_id: string; min: string; max: string }[]> {
    return this.once('ranges', async () => {
      const info = await this.ok('POST /v0/backfilling/migration-info', {
        body: { migration_id: await this.newestMigration() },
      });
      return info.record_time_range;
    });
  }

  /** The newest ACS snapshot of the newest migration, as the ACS and holdings requests take it. */
  snapshot(): Promise<{ migration_id: number; record_time: string; record_time_match: 'exact' }> {
    return this.once('snapshot', async () => {
      const migration = await this.newestMigration();
      const { record_time } = await this.ok('GET /v0/state/acs/snapshot-timestamp', {
        query: { before: new Date().toISOString(), migration_id: migration },
      });
      return { migration_id: migration, record_time, record_time_match: 'exact' as const };
    });
  }

  /** Every contract of that snapshot, page by page. */
  acs(): Promise<Json[]> {
    return this.once('acs', async () => {
      const snapshot = await this.snapshot();
      const events: Json[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await this.ok('POST /v0/state/acs', {
          body: { ...snapshot, page_size: 1000, ...(after === undefined ? {} : { after }) },
        });
        events.push(...page.created_events);
        if (page.next_page_token === undefined) return events;
        after = page.next_page_token;
      }
    });
  }

  async acsOf(template: string): Promise<Json[]> {
    const found = (await this.acs()).filter((e) => templateOf(e.template_id) === template);
    if (found.length === 0) throw new Error(`the ACS snapshot holds no ${template}`);
    return found;
  }

  /** The owners of the snapshot's amulets (some of them). */
  owners(): Promise<string[]> {
    return this.once('owners', async () => {
      const owners = new Set((await this.acsOf('Splice.Amulet:Amulet')).map((e) => e.create_arguments.owner));
      return [...owners].sort().slice(0, 8);
    });
  }

  validators(): Promise<string[]> {
    return this.once('validators', async () => {
      const { validator_licenses } = await this.ok('GET /v0/admin/validator/licenses');
      return validator_licenses.map((c: Json) => c.payload.validator);
    });
  }

  /** The open vote requests, possibly none. */
  voteRequests(): Promise<Json[]> {
    return this.once('votes', async () => {
      const { dso_rules_vote_requests } = await this.ok('GET /v0/admin/sv/voterequests');
      if (dso_rules_vote_requests.length === 0) throw new Error('no open vote request');
      return dso_rules_vote_requests;
    });
  }

  featuredApp(): Promise<Json> {
    return this.once('featured', async () => {
      const { featured_apps } = await this.ok('GET /v0/featured-apps');
      return featured_apps[0];
    });
  }

  /** An entry a user bought (the DSO's own entries have no contract). */
  userAnsEntry(): Promise<Json> {
    return this.once('ans', async () => {
      const { entries } = await this.ok('GET /v0/ans-entries', { query: { page_size: 1000 } });
      const entry = entries.find((e: Json) => e.contract_id !== undefined);
      if (!entry) throw new Error('no user ANS entry');
      return entry;
    });
  }

  closedRound(): Promise<number> {
    return this.once('closed', async () => {
      const { rounds } = await this.ok('GET /v0/closed-rounds');
      return Number(rounds[0].payload.round.number);
    });
  }

  earliestAccountedRound(): Promise<number> {
    return this.once('accounted', async () => {
      const res = await this.call('GET /v0/internal/reward-accounting-process/rounds/earliest-available');
      return res.status === 200 ? res.body.earliest_round : Number(await this.closedRound());
    });
  }

  /** The updates of the newest migration, as `POST /v2/updates` pages them forward. */
  newestMigrationUpdates(encoding?: 'compact_json' | 'protobuf_json'): Promise<Json[]> {
    return this.once(`forward-${encoding}`, async () => {
      const migration = await this.newestMigration();
      // Strictly after every update of the previous migration: from the newest one's start.
      let after = { after_migration_id: migration - 1, after_record_time: FAR_FUTURE };
      const items: Json[] = [];
      for (;;) {
        const { transactions } = await this.ok('POST /v2/updates', {
          body: { page_size: 1000, after, ...(encoding ? { daml_value_encoding: encoding } : {}) },
        });
        if (transactions.length === 0) return items;
        items.push(...transactions);
        const last = transactions[transactions.length - 1];
        after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
      }
    });
  }

  async someTransaction(): Promise<Json> {
    const tx = (await this.newestMigrationUpdates()).find((u) => 'events_by_id' in u);
    if (!tx) throw new Error('no transaction');
    return tx;
  }

  /** A transaction an external party submitted: it carries its transaction hash. */
  async externalTransactionHash(): Promise<string> {
    const tx = (await this.newestMigrationUpdates()).find((u) => u.external_transaction_hash !== undefined);
    if (!tx) throw new Error('no transaction with an external transaction hash');
    return tx.external_transaction_hash;
  }

  /** The events of the newest migration, as `POST /v0/events` pages them forward. */
  newestMigrationEvents(): Promise<Json[]> {
    return this.once('events', async () => {
      const migration = await this.newestMigration();
      let after = { after_migration_id: migration - 1, after_record_time: FAR_FUTURE };
      const items: Json[] = [];
      for (;;) {
        const { events } = await this.ok('POST /v0/events', { body: { page_size: 1000, after } });
        if (events.length === 0) return items;
        items.push(...events);
        const last = events[events.length - 1];
        after = last.update
          ? { after_migration_id: migrationOf(last.update), after_record_time: last.update.record_time }
          : { after_migration_id: last.verdict.migration_id, after_record_time: last.verdict.record_time };
      }
    });
  }

  async someEventWithUpdate(): Promise<Json> {
    const event = (await this.newestMigrationEvents()).find((e) => e.update && e.verdict);
    if (!event) throw new Error('no event with a transaction and its verdict');
    return event;
  }

  /** A TransferCommand an external party created (its payload), from the update history. */
  async transferCommand(): Promise<Json> {
    for (const u of await this.newestMigrationUpdates()) {
      if (!('events_by_id' in u)) continue;
      for (const e of Object.values<Json>(u.events_by_id)) {
        if (
          e.event_type === 'created_event' &&
          templateOf(e.template_id) === 'Splice.ExternalPartyAmuletRules:TransferCommand'
        )
          return e.create_arguments;
      }
    }
    throw new Error('no TransferCommand created in the newest migration');
  }

  /**
   * A day of bulk history the node holds completely: from the 00:00 UTC two days before the
   * newest update to the one a day later.
   */
  bulkWindow(): Promise<{ start: string; end: string }> {
    return this.once('bulk', async () => {
      const newest = (await this.newestMigrationRanges())[0].max;
      const day = 86_400_000;
      const endMs = Math.floor(Date.parse(newest) / day) * day - day;
      return { start: new Date(endMs - day).toISOString(), end: new Date(endMs).toISOString() };
    });
  }
}

/** The migration an item of `POST /v2/updates` belongs to. */
function migrationOf(item: Json): number {
  return 'migration_id' in item ? item.migration_id : item.event.migration_id;
}

/** A Daml decimal (at most 10 fraction digits) in units of 10^-10, exactly. */
function toUnits(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,10}))?$/.exec(decimal);
  if (!match) throw new Error(`not a Daml decimal of at most 10 fraction digits: ${decimal}`);
  const units = BigInt(match[2] + (match[3] ?? '').padEnd(10, '0'));
  return match[1] ? -units : units;
}

/** Units of 10^-10 as the holdings summaries render them: 10 fraction digits. */
function fromUnits(units: bigint): string {
  const magnitude = units < 0n ? -units : units;
  const digits = magnitude.toString().padStart(11, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -10)}.${digits.slice(-10)}`;
}

/**
 * The holding fee an amulet (an `Amulet`'s payload, or the amulet inside a `LockedAmulet`) has
 * accrued by `round`: min(initial amount, rounds since creation × rate per round).
 */
function holdingFee(amulet: Json, round: number): bigint {
  const initial = toUnits(amulet.amount.initialAmount);
  const accrued =
    BigInt(round - Number(amulet.amount.createdAt.number)) * toUnits(amulet.amount.ratePerRound.rate);
  return accrued < initial ? accrued : initial;
}

/** The synchronizer an update of the history is on (a reassignment: the one it leaves or enters). */
function synchronizerOf(item: Json): string {
  if ('events_by_id' in item) return item.synchronizer_id;
  return 'created_event' in item.event ? item.event.target_synchronizer : item.event.source_synchronizer;
}

describe('scan: the read surface over the network npm start loads', () => {
  let store: SecondStore;
  let running: RunningTestApp;
  let client: Client;
  let found: Discovery;
  const operationIds = specOperations();

  /** Calls an operation by method and path through the generated client; the answer is checked against the spec. */
  const call = (key: string, request: Request = {}): Promise<CheckedResponse> => {
    const operationId = operationIds.get(key);
    if (!operationId) throw new Error(`${key} is not an operation of specs/scan.yaml`);
    const [method, url] = key.split(' ') as ['GET' | 'POST', string];
    const answer = client
      .request({
        method,
        url,
        ...request,
        ...(request.body === undefined ? {} : { headers: { 'Content-Type': 'application/json' } }),
      })
      .then((result) => {
        // No response: the request itself failed (the client hands back the cause as the error).
        if (result.response === undefined) throw new Error(`${key} failed: ${String(result.error)}`);
        return result;
      });
    return callChecked(scanSpec, operationId, answer);
  };

  beforeAll(async () => {
    // The store outlives the tests (the worker's test database is emptied before each test).
    store = await openSecondStore('css_read_surface');
    // What a fresh `npm start` writes before it serves: its network, laid out up to now.
    // Laid out up to one frozen moment: loading takes minutes on a busy machine, and a round
    // boundary crossed while it loads would close the vote requests this network has open.
    const config = loadConfig({ AUTH_DEV_MODE: 'true' }, { requireAuth: true });
    const openedAt = Date.now();
    const opening = await openSimulatedNetwork(store.dataSource, {
      options: stackSimulationOptions(config),
      live: config.simulation.live,
      snapshotIntervalHours: config.snapshotIntervalHours,
      now: () => openedAt,
    });
    if (opening.kind !== 'created') throw new Error(`the store was not empty: ${opening.kind}`);
    await opening.driver.catchUp();
    running = await startTestApp(createScanApp, store.dataSource);
    // The client (undici: 4 s) lets an idle connection go before the server does, even while the
    // shared event loop is busy comparing large answers: no request goes out on a closing socket.
    running.app.getHttpServer().keepAliveTimeout = 60_000;
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    found = new Discovery(call);
  }, 1_200_000);
  afterAll(async () => {
    await running?.close();
    await store?.close();
  }, 120_000);

  it('has an entry for every operation of specs/scan.yaml, and none for an operation it lacks', () => {
    expect([...operationIds.keys()].filter((key) => !(key in OPERATIONS))).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((key) => !operationIds.has(key))).toEqual([]);
  });

  const reads = Object.entries(OPERATIONS).filter(
    (entry): entry is [string, ReadOperation] => entry[1].kind === 'read',
  );
  it.each(reads)('%s answers with what the network holds', async (key, operation) => {
    const request = operation.request ? await operation.request(found) : {};
    const res = await call(key, request);
    if (operation.status) {
      expect({ status: res.status, body: res.body }).toEqual({
        status: operation.status.code,
        body: { error: expect.any(String) },
      });
      return;
    }
    expect({ key, status: res.status }).toEqual({ key, status: 200 });
    expect(res.body).toEqual(expect.any(Object));
    if (operation.items) {
      const items = operation.items(res.body);
      if (operation.emptyByDesign) expect(items).toEqual([]);
      else expect(items.length).toBeGreaterThan(0);
    } else if (operation.emptyByDesign) {
      expect(res.body).toEqual({});
    } else {
      expect(Object.keys(res.body).length).toBeGreaterThan(0);
    }
  });

  const notImplemented = Object.entries(OPERATIONS).filter(
    (entry): entry is [string, NotImplementedOperation] => entry[1].kind === 'not-implemented',
  );
  it.each(notImplemented)('%s answers 501 in the scan error format, saying why', async (key, operation) => {
    const res = await call(key, operation.request ?? {});
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: expect.stringMatching(/\w+ \w+/) });
  });
  describe('cross-checks between answers, as a client makes them', () => {
    it('POST /v0/holdings/summary is /v1/holdings/summary plus the holding fees of as_of_round', async () => {
      const request = { ...(await found.snapshot()), owner_party_ids: await found.owners() };
      const v1 = await found.ok('POST /v1/holdings/summary', { body: request });
      const holdings = await holdingsState(request);
      const byDefault = await found.ok('POST /v0/holdings/summary', { body: request });
      // The default round is the earliest open one; a later round accrues more.
      for (const [v0, asOf] of [
        [byDefault, byDefault.computed_as_of_round],
        [
          await found.ok('POST /v0/holdings/summary', {
            body: { ...request, as_of_round: byDefault.computed_as_of_round + 100 },
          }),
          byDefault.computed_as_of_round + 100,
        ],
      ] as [Json, number][]) {
        expect(v0.computed_as_of_round).toBe(asOf);
        const expected = v1.summaries.map((summary: Json) => {
          const fees = (template: string, amuletOf: (payload: Json) => Json) =>
            holdings
              .filter((e) => templateOf(e.template_id) === template)
              .map((e) => amuletOf(e.create_arguments))
              .filter((amulet) => amulet.owner === summary.party_id)
              .reduce((sum, amulet) => sum + holdingFee(amulet, asOf), 0n);
          const unlocked = fees('Splice.Amulet:Amulet', (p) => p);
          const locked = fees('Splice.Amulet:LockedAmulet', (p) => p.amulet);
          return {
            ...summary,
            accumulated_holding_fees_unlocked: fromUnits(unlocked),
            accumulated_holding_fees_locked: fromUnits(locked),
            accumulated_holding_fees_total: fromUnits(unlocked + locked),
            total_available_coin: fromUnits(toUnits(summary.total_unlocked_coin) - unlocked),
          };
        });
        expect(v0).toEqual({
          record_time: v1.record_time,
          migration_id: v1.migration_id,
          computed_as_of_round: asOf,
          summaries: expected,
        });
        expect(expected.some((s: Json) => s.accumulated_holding_fees_total !== '0.0000000000')).toBe(true);
      }
    });

    it("POST /v0/holdings/state pages the snapshot's ACS restricted to the owners' holdings", async () => {
      const request = { ...(await found.snapshot()), owner_party_ids: await found.owners() };
      const owners = new Set(request.owner_party_ids);
      const expected = (await found.acs()).filter((e) => {
        const template = templateOf(e.template_id);
        if (template === 'Splice.Amulet:Amulet') return owners.has(e.create_arguments.owner);
        if (template === 'Splice.Amulet:LockedAmulet') return owners.has(e.create_arguments.amulet.owner);
        return false;
      });
      expect(expected.length).toBeGreaterThan(50);
      expect(await holdingsState(request, 50)).toEqual(expected);
    });

    it("POST /v0/events: its items' updates are POST /v2/updates, each with its verdict", async () => {
      const events = await found.newestMigrationEvents();
      const updates = await found.newestMigrationUpdates();
      expect(events.filter((e) => e.update).map((e) => e.update)).toEqual(updates);
      for (const e of events) {
        if (e.verdict && e.update) expect(e.verdict.update_id).toBe(e.update.update_id);
      }
      // Verdicts on transactions no party of this node sees come alone.
      expect(events.some((e) => e.update === null && e.verdict)).toBe(true);
    });

    it('POST /v0/backfilling/updates-before walked to the start of the migration is the forward list reversed', async () => {
      const migration = await found.newestMigration();
      const forward = await found.newestMigrationUpdates('protobuf_json');
      expect(forward.length).toBeGreaterThan(1000);
      for (const range of await found.newestMigrationRanges()) {
        const walked: Json[] = [];
        let before = FAR_FUTURE;
        for (let pages = 0; ; pages++) {
          expect(pages).toBeLessThan(100);
          const { transactions } = await found.ok('POST /v0/backfilling/updates-before', {
            body: { migration_id: migration, synchronizer_id: range.synchronizer_id, before, count: 1000 },
          });
          if (transactions.length === 0) break;
          walked.push(...transactions);
          before = transactions[transactions.length - 1].record_time;
        }
        // The lossless v1 form: the v2 form plus offset 1.
        const mine = forward.filter((u) => synchronizerOf(u) === range.synchronizer_id);
        expect(walked.map((u) => u.update_id)).toEqual(mine.map((u) => u.update_id).reverse());
        const transactions = walked.filter((u) => 'events_by_id' in u);
        expect(new Set(transactions.map((u) => u.offset))).toEqual(new Set(['000000000000000001']));
        const v2 = walked.map((u) => {
          if (!('events_by_id' in u)) return u;
          const { offset: _offset, ...rest } = u;
          return rest;
        });
        expect(v2).toEqual([...mine].reverse());
        expect([walked[walked.length - 1].record_time, walked[0].record_time]).toEqual([
          range.min,
          range.max,
        ]);
      }
    }, 300_000);

    it("GET /v0/scans lists the scan URLs of GET /v0/dso's SV node states", async () => {
      const dso = await found.dso();
      const { scans } = await found.ok('GET /v0/scans');
      const bySynchronizer = new Map<string, { publicUrl: string; svName: string }[]>();
      for (const state of dso.sv_node_states) {
        const payload = state.contract.payload;
        for (const [synchronizer, node] of payload.state.synchronizerNodes) {
          if (!node.scan) continue;
          bySynchronizer.set(synchronizer, [
            ...(bySynchronizer.get(synchronizer) ?? []),
            { publicUrl: node.scan.publicUrl, svName: payload.svName },
          ]);
        }
      }
      const bySv = (a: { svName: string }, b: { svName: string }) => a.svName.localeCompare(b.svName);
      expect(scans.map((d: Json) => ({ domainId: d.domainId, scans: [...d.scans].sort(bySv) }))).toEqual(
        [...bySynchronizer.keys()].sort().map((domainId) => ({
          domainId,
          scans: bySynchronizer.get(domainId)!.sort(bySv),
        })),
      );
      // The first SV's scan is this stack's own (SCAN_PUBLIC_URL).
      expect(scans.flatMap((d: Json) => d.scans.map((s: Json) => s.publicUrl))).toContain(
        running.config.scanApi.publicUrl,
      );
    });

    it("GET /v0/dso-sequencers lists the sequencers of GET /v0/dso's SV node states: the current ones with their time, the legacy ones", async () => {
      const dso = await found.dso();
      const { domainSequencers } = await found.ok('GET /v0/dso-sequencers');
      const expected = new Map<string, Json[]>();
      const svs = new Set(dso.dso_rules.contract.payload.svs.map(([party]: [string]) => party));
      for (const state of dso.sv_node_states) {
        const payload = state.contract.payload;
        if (!svs.has(payload.sv)) continue;
        for (const [synchronizer, node] of payload.state.synchronizerNodes) {
          const listed: Json[] = [];
          const legacy = node.legacySequencerConfig;
          if (legacy)
            listed.push({
              migrationId: Number(legacy.migrationId),
              id: legacy.sequencerId,
              url: legacy.url,
              svName: payload.svName,
              availableAfter: '-999999999-01-01T00:00:00+18:00',
            });
          const current = node.sequencer;
          if (current?.availableAfter)
            listed.push({
              migrationId: Number(current.migrationId),
              id: current.sequencerId,
              url: current.url,
              svName: payload.svName,
              availableAfter: current.availableAfter,
            });
          expected.set(synchronizer, [...(expected.get(synchronizer) ?? []), ...listed]);
        }
      }
      const key = (s: Json) => `${s.svName} ${s.migrationId}`;
      const sorted = (list: Json[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
      expect(
        domainSequencers.map((d: Json) => ({ domainId: d.domainId, sequencers: sorted(d.sequencers) })),
      ).toEqual(
        [...expected.keys()]
          .sort()
          .map((domainId) => ({ domainId, sequencers: sorted(expected.get(domainId)!) })),
      );
      // The network migrated once: each SV lists the sequencer of each migration.
      const migrations = new Set(
        domainSequencers.flatMap((d: Json) => d.sequencers.map((s: Json) => s.migrationId)),
      );
      expect([...migrations].sort()).toEqual([0, 1]);
    });

    it("GET /v0/migrations/schedule is the DsoRules config's scheduled upgrade, the migration this network went through", async () => {
      const dso = await found.dso();
      const schedule = await found.ok('GET /v0/migrations/schedule');
      const configured = dso.dso_rules.contract.payload.config.nextScheduledSynchronizerUpgrade;
      expect(schedule).toEqual({
        time: expect.any(String),
        migration_id: Number(configured.migrationId),
      });
      expect(timestampToMicros(schedule.time)).toBe(timestampToMicros(configured.time));
      const { migration_id } = await found.ok('GET /v0/migrations/last');
      expect(schedule.migration_id).toBe(migration_id);
    });

    it('GET /v0/closed-rounds are the ClosedMiningRound contracts of the ACS, brought up to date by the updates since', async () => {
      const snapshot = await found.snapshot();
      const closed = new Map<string, Json>(
        (await found.acsOf('Splice.Round:ClosedMiningRound')).map((e) => [e.contract_id, e]),
      );
      const since = timestampToMicros(snapshot.record_time);
      for (const u of await found.newestMigrationUpdates()) {
        if (!('events_by_id' in u) || timestampToMicros(u.record_time) < since) continue;
        for (const e of Object.values<Json>(u.events_by_id)) {
          if (
            e.event_type === 'created_event' &&
            templateOf(e.template_id) === 'Splice.Round:ClosedMiningRound'
          )
            closed.set(e.contract_id, e);
          else if (e.event_type === 'exercised_event' && e.consuming) closed.delete(e.contract_id);
        }
      }
      const { rounds } = await found.ok('GET /v0/closed-rounds');
      const expected = [...closed.values()].sort(
        (a, b) => Number(a.create_arguments.round.number) - Number(b.create_arguments.round.number),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(rounds.map((c: Json) => ({ contract_id: c.contract_id, payload: c.payload }))).toEqual(
        expected.map((e) => ({ contract_id: e.contract_id, payload: e.create_arguments })),
      );
    });
  });

  describe('the operations over a time window agree with POST /v2/updates', () => {
    it('POST /v0/history/bulk/updates: its objects, digests checked, hold POST /v2/updates over the window', async () => {
      const { start, end } = await found.bulkWindow();
      const refs: Json[] = [];
      let token: string | undefined;
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(100);
        const page = await found.ok('POST /v0/history/bulk/updates', {
          body: {
            start_record_time: start,
            end_record_time: end,
            page_size: 1,
            ...(token ? { next_page_token: token } : {}),
          },
        });
        refs.push(...page.object_refs);
        token = page.next_page_token;
        if (token === undefined) break;
      }
      expect(refs.length).toBeGreaterThan(0);
      const marker = '/v0/history/bulk/download/';
      const keys = refs.map((ref) =>
        decodeURIComponent(ref.url.slice(ref.url.indexOf(marker) + marker.length)),
      );
      const { checksums } = await found.ok('POST /v0/history/bulk/checksums', {
        body: { object_keys: keys },
      });
      expect(checksums).toEqual(refs.map((ref) => ({ value: ref.digest })));
      const lines: Json[] = [];
      for (const [i, key] of keys.entries()) {
        const bytes = await download(key);
        expect(createHash('sha256').update(bytes).digest('base64')).toBe(refs[i].digest);
        const text = Buffer.from(decompress(bytes)).toString('utf8');
        for (const line of text.split('\n').filter(Boolean)) {
          const value = JSON.parse(line);
          expect(line).toBe(canonicalJson(value));
          lines.push(value);
        }
      }
      const inWindow = (u: Json) =>
        timestampToMicros(u.record_time) > timestampToMicros(start) &&
        timestampToMicros(u.record_time) <= timestampToMicros(end);
      const listed = await updatesInWindow(start, end);
      expect(listed.length).toBeGreaterThan(1000);
      expect(lines.filter(inWindow)).toEqual(listed);
      // A day of history: downloads, decompression and two lists of thousands of updates.
    }, 300_000);
  });

  /** Every page of `POST /v0/holdings/state` for a request. */
  async function holdingsState(request: Json, pageSize = 1000): Promise<Json[]> {
    const events: Json[] = [];
    let after: number | undefined;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(1000);
      const page = await found.ok('POST /v0/holdings/state', {
        body: { ...request, page_size: pageSize, ...(after === undefined ? {} : { after }) },
      });
      events.push(...page.created_events);
      if (page.next_page_token === undefined) return events;
      after = page.next_page_token;
    }
  }

  /** `POST /v2/updates` over (start, end], migration by migration. */
  async function updatesInWindow(start: string, end: string): Promise<Json[]> {
    const items: Json[] = [];
    const [from, to] = [timestampToMicros(start), timestampToMicros(end)];
    for (let migration = 0; migration <= (await found.newestMigration()); migration++) {
      let after = { after_migration_id: migration, after_record_time: start };
      paging: for (;;) {
        const { transactions } = await found.ok('POST /v2/updates', { body: { page_size: 1000, after } });
        for (const u of transactions) {
          if (migrationOf(u) !== migration || timestampToMicros(u.record_time) > to) break paging;
          if (timestampToMicros(u.record_time) > from) items.push(u);
        }
        if (transactions.length === 0) break;
        const last = transactions[transactions.length - 1];
        after = { after_migration_id: migration, after_record_time: last.record_time };
      }
    }
    return items;
  }

  /** A bulk object's bytes, downloaded through the generated client and checked against the spec. */
  async function download(key: string): Promise<Buffer> {
    const key_ = 'GET /v0/history/bulk/download/{object_key}';
    const res = await client.request({
      method: 'GET',
      url: key_.split(' ')[1],
      path: { object_key: key },
      parseAs: 'arrayBuffer',
    });
    const bytes = Buffer.from((res.data ?? res.error) as ArrayBuffer);
    expectResponseMatchesSpec(scanSpec, operationIds.get(key_)!, {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: bytes.toString('latin1'),
    });
    expect(res.response.status).toBe(200);
    return bytes;
  }
});
