import type { scanApi } from '@canton-scan/contracts';
import {
  toContractWithState,
  type ActiveContractsRepository,
} from '../../contracts/active-contracts.repository';
import { notFound } from '../../errors/domain-error';
import { SpliceTemplates } from '../../splice/splice-templates';
import type { AnsEntriesRepository, AnsEntryRow } from './ans-entries.repository';

export type AnsEntry = scanApi.AnsEntry;
export type AnsEntriesList = scanApi.ListEntriesResponse;
export type AnsEntryLookup = scanApi.LookupEntryByNameResponse;
export type AnsRulesRequest = scanApi.GetAnsRulesRequest;
export type AnsRulesUpdate = scanApi.GetAnsRulesResponse;

/**
 * The Amulet Name Service as scan serves it (docs/current-contracts.md "ANS entries"): the
 * users' current entries from the store, and the DSO's own names derived from the current
 * DsoRules — `dso.<acronym>` for the DSO party, `<sv name>.sv.<acronym>` for each SV (the
 * configured name service acronym in lower case) — which have no contract and do not expire.
 */
export class AnsEntriesService {
  private readonly acronym: string;

  constructor(
    private readonly repository: AnsEntriesRepository,
    private readonly active: ActiveContractsRepository,
    nameServiceAcronym: string,
  ) {
    this.acronym = nameServiceAcronym.toLowerCase();
  }

  /** Current entries by name prefix, then the DSO's own ones while the page has room. */
  async list(prefix: string | undefined, pageSize: number): Promise<AnsEntriesList> {
    const rows = await this.repository.list(prefix ?? '', pageSize);
    const entries: AnsEntry[] = rows.map(toEntry);
    if (entries.length < pageSize) {
      const own = (await this.dsoEntries()).filter((e) => e.name.startsWith(prefix ?? ''));
      entries.push(...own.slice(0, pageSize - entries.length));
    }
    return { entries };
  }

  async lookupByName(name: string): Promise<AnsEntryLookup> {
    const dsoEntries = await this.dsoEntriesOrNotFound();
    const own = dsoEntries.find((e) => e.name === name);
    if (own) return { entry: own };
    const row = await this.repository.lookupByName(name);
    if (!row) throw notFound(`No ans entry found for name: ${name}`);
    return { entry: toEntry(row) };
  }

  async lookupByParty(party: string): Promise<AnsEntryLookup> {
    const dsoEntries = await this.dsoEntriesOrNotFound();
    const own = dsoEntries.find((e) => e.user === party);
    if (own) return { entry: own };
    const row = await this.repository.lookupByUser(party);
    if (!row) throw notFound(`No ans entry found for party: ${party}`);
    return { entry: toEntry(row) };
  }

  /** The current AnsRules; without the contract when the caller holds that very contract. */
  async getAnsRulesUpdate(request: AnsRulesRequest): Promise<AnsRulesUpdate> {
    const rules = await this.active.lookupLatestByTemplate(SpliceTemplates.AnsRules.qualifiedName);
    if (!rules) throw notFound('no AnsRules contract has been ingested yet');
    const held = request.cached_ans_rules_contract_id === rules.contractId;
    return {
      ans_rules_update: held
        ? rules.inFlight
          ? {}
          : { domain_id: rules.synchronizerId }
        : toContractWithState(rules),
    };
  }

  private async dsoEntriesOrNotFound(): Promise<AnsEntry[]> {
    const entries = await this.dsoEntries();
    if (entries.length === 0) throw notFound('No DsoRules contract found');
    return entries;
  }

  /** The DSO's entry, then one per SV in DsoRules' order; none without DsoRules. */
  private async dsoEntries(): Promise<AnsEntry[]> {
    const rules = await this.active.lookupLatestByTemplate(SpliceTemplates.DsoRules.qualifiedName);
    if (!rules) return [];
    const payload = rules.payload as { dso: string; svs: [string, { name: string }][] };
    const own = (user: string, name: string): AnsEntry => ({ user, name, url: '', description: '' });
    return [
      own(payload.dso, `dso.${this.acronym}`),
      ...payload.svs.map(([party, info]) => own(party, `${info.name.toLowerCase()}.sv.${this.acronym}`)),
    ];
  }
}

function toEntry(row: AnsEntryRow): AnsEntry {
  return {
    contract_id: row.contract_id,
    user: row.user,
    name: row.name,
    url: row.url,
    description: row.description,
    expires_at: row.expires_at,
  };
}
