// npm run ledger-users -- add|grant|revoke|list|remove|token ...: manages the ledger node's users
// and their rights in the database (DATABASE_URL, or the embedded database's data directory
// while the stack is stopped).
import {
  LedgerUsersRepository,
  LedgerUsersService,
  loadConfig,
  openDatabase,
  type LedgerUser,
  Db,
} from '@canton-scan/domain';
import {
  integerOption,
  parseCommandLine,
  runLedgerCli,
  UsageError,
  type ParsedCommandLine,
} from './ledger-cli-args';
import { mintLedgerToken } from './ledger-token';

const USAGE = `usage: npm run ledger-users -- <command> [options]

  add USER [--admin] [--read-as-any-party] [--read-as PARTY]... [--primary-party PARTY]
                                 create a user (the "sub" of its tokens) with rights
  grant USER [--admin] [--read-as-any-party] [--read-as PARTY]...
                                 add rights to a user
  revoke USER [--admin] [--read-as-any-party] [--read-as PARTY]...
                                 take rights from a user
  list                           list the users and their rights
  remove USER                    delete a user
  token USER [--expires-in SECONDS]
                                 print an HS256 token for USER (AUTH_HS256_SECRET, or the development
                                 secret with AUTH_DEV_MODE=true)

Rights: --admin administers the participant (it grants no reads); --read-as PARTY reads
as that party (repeatable); --read-as-any-party reads as every party.`;

function describe(user: LedgerUser): string {
  const rights = [
    ...(user.isAdmin ? ['admin'] : []),
    ...(user.canReadAsAnyParty ? ['read-as-any-party'] : []),
    ...user.readAs.map((p) => `read-as ${p}`),
  ];
  return `${user.userId}${user.primaryParty ? ` (primary party ${user.primaryParty})` : ''}: ${rights.length ? rights.join(', ') : 'no rights'}`;
}

function rightsOf(args: ParsedCommandLine) {
  return {
    admin: args.flags.has('admin'),
    readAsAnyParty: args.flags.has('read-as-any-party'),
    readAs: args.values.get('read-as') ?? [],
  };
}

function oneUser(args: ParsedCommandLine): string {
  if (args.positional.length !== 2) throw new UsageError(`${args.positional[0]} takes exactly one USER`);
  return args.positional[1];
}

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), {
    flags: ['admin', 'read-as-any-party', 'help'],
    values: ['read-as', 'primary-party', 'expires-in'],
  });
  const command = args.positional[0];
  if (args.flags.has('help') || command === undefined) {
    console.log(USAGE);
    return command === undefined && !args.flags.has('help') ? 2 : 0;
  }
  if (!['add', 'grant', 'revoke', 'list', 'remove', 'token'].includes(command))
    throw new UsageError(`unknown command "${command}"`);
  // Only minting a token needs an AUTH_* key (or AUTH_DEV_MODE=true).
  const config = loadConfig(process.env, { requireAuth: command === 'token' });
  if (command === 'token') {
    console.log(await mintLedgerToken(config.auth, oneUser(args), integerOption(args, 'expires-in')));
    return 0;
  }
  const database = await openDatabase(config.database, {
    migrate: config.database.migrateOnStart ?? config.database.url === undefined,
    requireMigrated: true,
  });
  try {
    const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(database.dataSource)));
    switch (command) {
      case 'add': {
        const rights = rightsOf(args);
        const primaryParty = args.values.get('primary-party')?.[0];
        const user = await users.addUser({
          userId: oneUser(args),
          isAdmin: rights.admin,
          canReadAsAnyParty: rights.readAsAnyParty,
          readAs: rights.readAs,
          ...(primaryParty ? { primaryParty } : {}),
        });
        console.log(`added ${describe(user)}`);
        break;
      }
      case 'grant':
        console.log(`granted; ${describe(await users.grantRights(oneUser(args), rightsOf(args)))}`);
        break;
      case 'revoke':
        console.log(`revoked; ${describe(await users.revokeRights(oneUser(args), rightsOf(args)))}`);
        break;
      case 'remove':
        await users.removeUser(oneUser(args));
        console.log(`removed ${args.positional[1]}`);
        break;
      default: {
        const list = await users.listUsers();
        console.log(list.length ? list.map(describe).join('\n') : 'no users');
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

runLedgerCli(main, USAGE);
