import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { scanProxyApi } from '@canton-scan/contracts';
import {
  AnsEntriesService,
  type AnsEntriesList,
  type AnsEntryLookup,
  type AnsRulesUpdate,
} from '@canton-scan/domain';
import { BearerAuthGuard, ValidInput } from '@canton-scan/http';

/** The scan group's ANS entries and rules through the validator's scan proxy (bearer token required). */
@Controller('v0/scan-proxy')
@UseGuards(BearerAuthGuard)
export class ProxyAnsController {
  constructor(private readonly ans: AnsEntriesService) {}

  @Get('ans-entries')
  list(@ValidInput() { query }: scanProxyApi.GetProxyAnsEntriesData): Promise<AnsEntriesList> {
    return this.ans.list(query.name_prefix, query.page_size);
  }

  @Get('ans-entries/by-party/:party')
  byParty(@ValidInput() { path }: scanProxyApi.GetProxyAnsEntryByPartyData): Promise<AnsEntryLookup> {
    return this.ans.lookupByParty(path.party);
  }

  @Get('ans-entries/by-name/:name')
  byName(@ValidInput() { path }: scanProxyApi.GetProxyAnsEntryByNameData): Promise<AnsEntryLookup> {
    return this.ans.lookupByName(path.name);
  }

  @Post('ans-rules')
  @HttpCode(200)
  ansRules(@ValidInput() { body }: scanProxyApi.GetProxyAnsRulesData): Promise<AnsRulesUpdate> {
    return this.ans.getAnsRulesUpdate(body);
  }
}
