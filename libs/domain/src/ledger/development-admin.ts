import type { DataSource } from 'typeorm';
import { Db } from '../database/db';
import { LedgerUsersRepository, type LedgerUser } from './ledger-users.repository';
import { DEVELOPMENT_ADMIN_USER, LedgerUsersService } from './ledger-users.service';

/**
 * Creates (or completes) the development administrator `participant_admin`: participant admin
 * and read-as-any-party, so a token with `sub: participant_admin` reads every ledger endpoint.
 * Idempotent; `npm start` calls it before printing a token for that user.
 */
export function ensureDevelopmentAdmin(
  dataSource: DataSource,
  userId = DEVELOPMENT_ADMIN_USER,
): Promise<LedgerUser> {
  return new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource))).ensureDevelopmentAdmin(userId);
}
