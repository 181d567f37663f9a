import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerUsersService, type LedgerUser } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { CurrentLedgerUser, LedgerAuthGuard } from './ledger-auth';

/** User management, read side: who the caller is, and (for administrators) every user and its rights. */
@Controller('v2')
@UseGuards(LedgerAuthGuard)
export class UsersController {
  constructor(private readonly users: LedgerUsersService) {}

  @Get('authenticated-user')
  authenticatedUser(@CurrentLedgerUser() caller: LedgerUser): ledgerApi.GetUserResponse {
    return this.users.authenticatedUser(caller);
  }

  @Get('users')
  listUsers(
    @ValidInput() input: ledgerApi.ListUsersData,
    @CurrentLedgerUser() caller: LedgerUser,
  ): Promise<ledgerApi.ListUsersResponse> {
    return this.users.listUsersFor(caller, input.query ?? {});
  }

  @Get('users/:userId')
  getUser(
    @ValidInput() input: ledgerApi.GetUserData,
    @CurrentLedgerUser() caller: LedgerUser,
  ): Promise<ledgerApi.GetUserResponse> {
    return this.users.getUserFor(caller, input.path['user-id']);
  }

  @Get('users/:userId/rights')
  listUserRights(
    @ValidInput() input: ledgerApi.ListUserRightsData,
    @CurrentLedgerUser() caller: LedgerUser,
  ): Promise<ledgerApi.ListUserRightsResponse> {
    return this.users.listUserRightsFor(caller, input.path['user-id']);
  }
}
