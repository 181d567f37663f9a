// npm run ledger-prune -- --up-to OFFSET [--prune-all-divulged-contracts]: records the ledger
// node's pruning offsets. The ledger node group then refuses reads below them; no data is
// deleted, so the scan group keeps its full history.
import {
  LedgerPruningRepository,
  LedgerPruningService,
  loadConfig,
  openDatabase,
  Db,
} from '@canton-scan/domain';
import { integerOption, parseCommandLine, runLedgerCli, UsageError } from './ledger-cli-args';

const USAGE = `usage: npm run ledger-prune -- --up-to OFFSET [--prune-all-divulged-contracts]

  --up-to OFFSET                    prune up to this ledger offset, inclusive (at most the ledger end)
  --prune-all-divulged-contracts    also move allDivulgedContractsPrunedUpToInclusive to OFFSET`;

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), {
    flags: ['prune-all-divulged-contracts', 'help'],
    values: ['up-to'],
  });
  if (args.flags.has('help')) {
    console.log(USAGE);
    return 0;
  }
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const upTo = integerOption(args, 'up-to');
  if (upTo === undefined) throw new UsageError('--up-to is required');
  const config = loadConfig();
  const database = await openDatabase(config.database, {
    migrate: config.database.migrateOnStart ?? config.database.url === undefined,
    requireMigrated: true,
  });
  try {
    const offsets = await new LedgerPruningService(
      new LedgerPruningRepository(Db.of(database.dataSource)),
    ).prune(upTo, args.flags.has('prune-all-divulged-contracts'));
    console.log(
      `pruned: participantPrunedUpToInclusive=${offsets.participantPrunedUpToInclusive} allDivulgedContractsPrunedUpToInclusive=${offsets.allDivulgedContractsPrunedUpToInclusive}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runLedgerCli(main, USAGE);
