// The read-only flows of Splice's wallet SDK (@canton-network/wallet-sdk), run as an integrator
// runs them: SDK.create with a static token, then the SDK's own calls, nothing hand-made. One JSON
// line per step on stdout ({"step", "ok", "value"} or {"step", "ok": false, "error"}); the test
// (wallet-sdk.integration-spec.ts) checks the values against the store. Plain ES module: the SDK
// ships ES modules, and on Node 20 the update stream needs `--experimental-websocket`.
//
// Environment: LEDGER_URL, SCAN_URL (the scan group, …/api/scan), VALIDATOR_URL (…/api/validator),
// REGISTRY_URL (what precedes /registry/...), TOKEN (a ledger user's JWT), PARTY (a party the user
// reads as), PROVIDER (a featured app provider), RECEIVER (a party with a TransferPreapproval),
// INSTRUMENT ("Amulet"), STREAM_TEMPLATE (a template id to stream; optional), STREAM_PARTY (whose
// updates to stream; default PARTY), PAUSE_BEFORE_LIVE (see below).
import { getValidatorParty, SDK } from '@canton-network/wallet-sdk';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const auth = { method: 'static', token: env('TOKEN') };
const party = env('PARTY');

function report(step, fields) {
  process.stdout.write(`${JSON.stringify({ step, ...fields })}\n`);
}

/** Runs one step; a failure is reported (with what the SDK threw) and the flows go on. */
async function step(name, run, shown = (value) => value) {
  try {
    const value = await run();
    report(name, { ok: true, value: shown(value) ?? null });
    return value;
  } catch (e) {
    const error = e instanceof Error ? e.message : JSON.stringify(e);
    report(name, { ok: false, error });
    return undefined;
  }
}

// The SDK logs to stdout; the steps' lines must stay alone there, so its logs go to stderr.
const logAdapter = {
  log(level, ctx, message) {
    if (process.env.SDK_LOG) process.stderr.write(`${level} ${message ?? ''} ${JSON.stringify(ctx)}\n`);
  },
};

const sdk = await step(
  'connect',
  async () => {
    const created = await SDK.create({ auth, ledgerClientUrl: env('LEDGER_URL'), logAdapter });
    return created.extend({
      amulet: {
        auth,
        scanApiUrl: env('SCAN_URL'),
        registryUrl: env('REGISTRY_URL'),
        validatorUrl: env('VALIDATOR_URL'),
      },
      token: { auth, registries: [env('REGISTRY_URL')], validatorUrl: env('VALIDATOR_URL') },
      asset: { auth, registries: [env('REGISTRY_URL')] },
      events: { auth, websocketURL: env('LEDGER_URL').replace(/^http/, 'ws') },
    });
  },
  (connected) => Object.keys(connected).sort(),
);
if (!sdk) process.exit(2);

await step('validator party', () => getValidatorParty(new URL(env('VALIDATOR_URL')), auth));
await step('rights', async () => (await sdk.user.rights.list()).rights);
await step('parties', () => sdk.party.list());
const ledgerEnd = await step('ledger end', () => sdk.ledger.ledgerEnd());
await step('active contracts', async () =>
  (await sdk.ledger.acs.read({ parties: [party], filterByParty: true, offset: ledgerEnd })).map(
    (c) => c.contractId,
  ),
);
const holdings = await step('holdings', async () =>
  (await sdk.token.utxos.list({ partyId: party, includeLocked: true })).map((h) => ({
    contractId: h.contractId,
    amount: h.interfaceViewValue.amount,
    owner: h.interfaceViewValue.owner,
    locked: h.interfaceViewValue.lock != null,
  })),
);
const history = await step('holding transactions', async () => {
  const after = Math.max(0, ledgerEnd - Number(process.env.HOLDINGS_WINDOW ?? 150));
  const result = await sdk.token.holdings({ partyId: party, afterOffset: after, beforeOffset: ledgerEnd });
  return result.transactions.map((t) => ({
    updateId: t.updateId,
    offset: t.offset,
    events: t.events.length,
  }));
});
const someUpdate = history?.[history.length - 1]?.updateId;
if (someUpdate)
  await step('transaction by id', async () => {
    const t = await sdk.token.transactionsById({ updateId: someUpdate, partyId: party });
    return { updateId: t.updateId, offset: t.offset, recordTime: t.recordTime, events: t.events.length };
  });
await step('registry instruments', () =>
  sdk.asset.list.map((a) => ({
    id: a.id,
    symbol: a.symbol,
    admin: a.admin,
    registryUrl: String(a.registryUrl),
  })),
);
const amulet = await step('find instrument', async () => {
  const a = await sdk.asset.find(env('INSTRUMENT'));
  return { id: a.id, admin: a.admin, registryUrl: String(a.registryUrl) };
});
if (amulet && holdings?.length) {
  const unlocked = holdings.filter((h) => !h.locked);
  await step('transfer factory (prepared, not submitted)', async () => {
    const [command, disclosed] = await sdk.token.transfer.create({
      sender: party,
      recipient: env('RECEIVER'),
      amount: '0.5',
      instrumentId: amulet.id,
      registryUrl: new URL(amulet.registryUrl),
      inputUtxos: unlocked.slice(0, 1).map((h) => h.contractId),
      memo: 'sdk read flows',
    });
    return {
      choice: command.ExerciseCommand.choice,
      factory: command.ExerciseCommand.contractId,
      disclosed: disclosed.map((d) => ({
        contractId: d.contractId,
        templateId: d.templateId,
        blob: d.createdEventBlob.length > 0,
      })),
    };
  });
}
const pending = await step('pending transfer instructions', async () =>
  (await sdk.token.transfer.pending(party)).map((p) => p.contractId),
);
if (pending?.length && amulet)
  for (const choice of ['accept', 'reject', 'withdraw'])
    await step(`transfer instruction ${choice} (prepared, not submitted)`, async () => {
      const [command, disclosed] = await sdk.token.transfer[choice]({
        transferInstructionCid: pending[0],
        registryUrl: new URL(amulet.registryUrl),
      });
      return {
        choice: command.ExerciseCommand.choice,
        contractId: command.ExerciseCommand.contractId,
        disclosed: disclosed.map((d) => d.contractId),
      };
    });
await step('featured app right', async () => {
  const right = await sdk.amulet.featuredApp.rights({ partyId: env('PROVIDER'), maxRetries: 1, delayMs: 10 });
  return right ? { contractId: right.contract_id, templateId: right.template_id } : null;
});
await step('transfer preapproval', async () => {
  const found = await sdk.amulet.preapproval.fetchQuick(env('RECEIVER'));
  return found ? { contractId: found.contract.contract_id, domainId: found.domain_id } : null;
});
await step('traffic', async () => (await sdk.amulet.traffic.status()).traffic_status);

// With PAUSE_BEFORE_LIVE the reads above ran on a store that did not move (the caller checks them
// against it); the caller starts the network's clock and says so on stdin before the flows that
// need the wall clock's open round and new updates.
if (process.env.PAUSE_BEFORE_LIVE) {
  report('read flows done', { ok: true });
  await new Promise((resolve) => process.stdin.once('data', resolve));
}
await step('tap (amulet rules and the open round; prepared, not submitted)', async () => {
  const [command, disclosed] = await sdk.amulet.tap(party, '10');
  return {
    choice: command.ExerciseCommand.choice,
    amuletRules: command.ExerciseCommand.contractId,
    openRound: command.ExerciseCommand.choiceArgument.openRound,
    disclosed: disclosed.map((d) => d.contractId),
  };
});

// The update stream: the first update after the ledger end as it was a moment ago; with a live
// network one arrives within a round.
const streamTemplate = process.env.STREAM_TEMPLATE;
if (streamTemplate)
  await step('update stream', async () => {
    const begin = await sdk.ledger.ledgerEnd();
    const timeout = Number(process.env.STREAM_TIMEOUT_MS ?? 60_000);
    const stream = sdk.events.updates({
      partyId: process.env.STREAM_PARTY ?? party,
      beginOffset: begin,
      templateIds: [streamTemplate],
    });
    // Offset checkpoints may come first while the network waits for its next round: skip them.
    const firstUpdate = async () => {
      for (;;) {
        const next = await stream.next();
        const update = next.value.update;
        const kind = Object.keys(update)[0];
        if (kind !== 'OffsetCheckpoint') return { kind, value: update[kind].value };
      }
    };
    const first = await Promise.race([
      firstUpdate(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no update within ${timeout} ms`)), timeout),
      ),
    ]);
    await stream.return?.();
    return { begin, ...first };
  });
process.exit(0);
