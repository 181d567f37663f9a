import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  AnsEntriesService,
  type AnsEntriesList,
  type AnsEntryLookup,
  type AnsRulesUpdate,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** The Amulet Name Service's entries and rules: public. */
@Controller('v0')
export class AnsController {
  constructor(private readonly ans: AnsEntriesService) {}

  @Get('ans-entries')
  list(@ValidInput() { query }: scanApi.ListAnsEntriesData): Promise<AnsEntriesList> {
    return this.ans.list(query.name_prefix, query.page_size);
  }

  @Get('ans-entries/by-party/:party')
  byParty(@ValidInput() { path }: scanApi.LookupAnsEntryByPartyData): Promise<AnsEntryLookup> {
    return this.ans.lookupByParty(path.party);
  }

  @Get('ans-entries/by-name/:name')
  byName(@ValidInput() { path }: scanApi.LookupAnsEntryByNameData): Promise<AnsEntryLookup> {
    return this.ans.lookupByName(path.name);
  }

  @Post('ans-rules')
  @HttpCode(200)
  ansRules(@ValidInput() { body }: scanApi.GetAnsRulesData): Promise<AnsRulesUpdate> {
    return this.ans.getAnsRulesUpdate(body);
  }
}
