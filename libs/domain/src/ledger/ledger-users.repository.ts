import type { Db } from '../database/db';

/** A ledger API user (the `sub` of its tokens) with its rights. */
export interface LedgerUser {
  userId: string;
  primaryParty?: string;
  /** Participant administration; on its own it grants no read rights (as on a real participant). */
  isAdmin: boolean;
  canReadAsAnyParty: boolean;
  /** Parties the user may read as, sorted. */
  readAs: string[];
}

/** Rights to add to (grant) or take from (revoke) a user. */
export interface LedgerUserRightsChange {
  admin?: boolean;
  readAsAnyParty?: boolean;
  readAs?: string[];
}

interface UserRow {
  user_id: string;
  primary_party: string | null;
  is_admin: boolean;
  can_read_as_any_party: boolean;
  read_as: string[];
}

const SELECT_USERS = `
  SELECT u.user_id, u.primary_party, u.is_admin, u.can_read_as_any_party,
         COALESCE(array_agg(r.party ORDER BY r.party) FILTER (WHERE r.party IS NOT NULL), '{}') AS read_as
    FROM ledger_users u
    LEFT JOIN ledger_user_rights r ON r.user_id = u.user_id AND r.kind = 'can_read_as'`;

function toUser(r: UserRow): LedgerUser {
  const user: LedgerUser = {
    userId: r.user_id,
    isAdmin: r.is_admin,
    canReadAsAnyParty: r.can_read_as_any_party,
    readAs: r.read_as,
  };
  if (r.primary_party !== null) user.primaryParty = r.primary_party;
  return user;
}

/** SQL of the ledger users and their rights (tables ledger_users, ledger_user_rights). */
export class LedgerUsersRepository {
  constructor(private readonly db: Db) {}

  /** One primary-key lookup per authenticated request. */
  async lookup(userId: string): Promise<LedgerUser | undefined> {
    const rows: UserRow[] = await this.db.query(`${SELECT_USERS} WHERE u.user_id = $1 GROUP BY u.user_id`, [
      userId,
    ]);
    return rows[0] ? toUser(rows[0]) : undefined;
  }

  async list(): Promise<LedgerUser[]> {
    const rows: UserRow[] = await this.db.query(`${SELECT_USERS} GROUP BY u.user_id ORDER BY u.user_id`);
    return rows.map(toUser);
  }

  /** Up to `limit` users after `afterUserId` (exclusive) in user id order, through pk_ledger_users. */
  async listPage(afterUserId: string | undefined, limit: number): Promise<LedgerUser[]> {
    const rows: UserRow[] = await this.db.query(
      `${SELECT_USERS} WHERE $1::text IS NULL OR u.user_id > $1 GROUP BY u.user_id ORDER BY u.user_id LIMIT $2`,
      [afterUserId ?? null, limit],
    );
    return rows.map(toUser);
  }

  /** Creates the user with its rights in one transaction; false when the user id is taken. */
  async insert(user: LedgerUser): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted: unknown[] = await tx.query(
        `INSERT INTO ledger_users (user_id, primary_party, is_admin, can_read_as_any_party) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [user.userId, user.primaryParty ?? null, user.isAdmin, user.canReadAsAnyParty],
      );
      if (inserted.length === 0) return false;
      await tx.query(
        `INSERT INTO ledger_user_rights (user_id, kind, party) SELECT $1, 'can_read_as', p FROM unnest($2::text[]) AS p ON CONFLICT DO NOTHING`,
        [user.userId, user.readAs],
      );
      return true;
    });
  }

  /** Adds rights (idempotent); false when the user does not exist. */
  async grant(userId: string, change: LedgerUserRightsChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated: unknown[] = await tx.query(
        `WITH u AS (UPDATE ledger_users SET is_admin = is_admin OR $2, can_read_as_any_party = can_read_as_any_party OR $3
                     WHERE user_id = $1 RETURNING user_id)
         SELECT user_id FROM u`,
        [userId, change.admin ?? false, change.readAsAnyParty ?? false],
      );
      if (updated.length === 0) return false;
      await tx.query(
        `INSERT INTO ledger_user_rights (user_id, kind, party) SELECT $1, 'can_read_as', p FROM unnest($2::text[]) AS p ON CONFLICT DO NOTHING`,
        [userId, change.readAs ?? []],
      );
      return true;
    });
  }

  /** Takes rights away (idempotent); false when the user does not exist. */
  async revoke(userId: string, change: LedgerUserRightsChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated: unknown[] = await tx.query(
        `WITH u AS (UPDATE ledger_users SET is_admin = is_admin AND NOT $2, can_read_as_any_party = can_read_as_any_party AND NOT $3
                     WHERE user_id = $1 RETURNING user_id)
         SELECT user_id FROM u`,
        [userId, change.admin ?? false, change.readAsAnyParty ?? false],
      );
      if (updated.length === 0) return false;
      await tx.query(
        `DELETE FROM ledger_user_rights WHERE user_id = $1 AND kind = 'can_read_as' AND party = ANY($2::text[])`,
        [userId, change.readAs ?? []],
      );
      return true;
    });
  }

  /** Deletes the user (its rights cascade); false when it did not exist. */
  async remove(userId: string): Promise<boolean> {
    const deleted: unknown[] = await this.db.query(
      `WITH d AS (DELETE FROM ledger_users WHERE user_id = $1 RETURNING user_id) SELECT user_id FROM d`,
      [userId],
    );
    return deleted.length > 0;
  }

  /** Creates the user as an administrator reading as any party, or raises an existing one to that. */
  async upsertSuperUser(userId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO ledger_users (user_id, is_admin, can_read_as_any_party) VALUES ($1, true, true)
       ON CONFLICT (user_id) DO UPDATE SET is_admin = true, can_read_as_any_party = true`,
      [userId],
    );
  }
}
