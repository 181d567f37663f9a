import {
  type AmuletPayload,
  type AmuletTransferInstructionPayload,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type LockedAmuletPayload,
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  toCompact,
  type TransferPreapprovalPayload,
} from '@canton-scan/domain';
import { compactOf, digest, replay, run, small, SMALL } from './simulator.fixture';

const OPTIONS = { rounds: 40, transferPreapprovalParties: 4, transferInstructionsPerRound: 0.5 };

describe('transfer instructions in the simulated network', () => {
  const withInstructions = run(OPTIONS);
  const history = replay(withInstructions.updates);
  const created = history.created
    .filter(
      ({ event, tx }) =>
        tx.offset !== '' && event.template_id === SpliceTemplates.AmuletTransferInstruction.templateId,
    )
    .map(({ event }) => event);
  const choices = (choice: string) => history.exercised.filter((x) => x.event.choice === choice);
  const preapproved = new Set(
    history.created
      .filter(({ event }) => event.template_id === SpliceTemplates.TransferPreapproval.templateId)
      .map(({ event }) => compactOf<TransferPreapprovalPayload>(event).receiver),
  );

  it('is off by default: the default history is unchanged', () => {
    expect(digest(run({ ...SMALL, transferInstructionsPerRound: 0 }).updates)).toBe(digest(small.updates));
    expect(
      small.updates.some((u) =>
        JSON.stringify(u).includes(SpliceTemplates.AmuletTransferInstruction.templateId),
      ),
    ).toBe(false);
  });

  it('is deterministic per seed', () => {
    expect(digest(run(OPTIONS).updates)).toBe(digest(withInstructions.updates));
    expect(digest(run({ ...OPTIONS, seed: 5 }).updates)).not.toBe(digest(withInstructions.updates));
  });

  it('offers transfers only to receivers without a TransferPreapproval, through the TransferFactory', () => {
    expect(preapproved.size).toBe(4);
    expect(created.length).toBeGreaterThanOrEqual(4 + 15);
    for (const event of created) {
      const payload = compactOf<AmuletTransferInstructionPayload>(event);
      expect(preapproved.has(payload.transfer.receiver)).toBe(false);
      expect(payload.transfer.sender).not.toBe(payload.transfer.receiver);
      expect(event.observers).toEqual([payload.transfer.receiver]);
    }
    const factoryCalls = choices(SpliceChoices.TransferFactoryTransfer).filter(
      (x) =>
        x.tx.events_by_id[x.event.child_event_ids.at(-1)!]?.template_id ===
        SpliceTemplates.AmuletTransferInstruction.templateId,
    );
    expect(factoryCalls).toHaveLength(created.length);
    for (const { event, tx } of factoryCalls) {
      expect(event.interface_id).toBe(SpliceInterfaces.TransferFactory.interfaceId);
      const instruction = tx.events_by_id[event.child_event_ids.at(-1)!] as HistoryCreatedEvent;
      const payload = compactOf<AmuletTransferInstructionPayload>(instruction);
      // The funds sit in the LockedAmulet the instruction names, locked until executeBefore.
      const lock = Object.values(tx.events_by_id).find(
        (e): e is HistoryCreatedEvent =>
          e.event_type === 'created_event' && e.contract_id === payload.lockedAmulet,
      )!;
      const locked = compactOf<LockedAmuletPayload>(lock);
      expect(locked.amulet.owner).toBe(payload.transfer.sender);
      expect(locked.amulet.amount.initialAmount).toBe(payload.transfer.amount);
      expect(locked.lock.expiresAt).toBe(payload.transfer.executeBefore);
      expect(toCompact(event.exercise_result)).toMatchObject({
        output: {
          tag: 'TransferInstructionResult_Pending',
          value: { transferInstructionCid: instruction.contract_id },
        },
      });
    }
  });

  it('accepts, rejects and withdraws some, each archiving the instruction and unlocking its amulet', () => {
    const ends = {
      accept: choices(SpliceChoices.TransferInstructionAccept),
      reject: choices(SpliceChoices.TransferInstructionReject),
      withdraw: choices(SpliceChoices.TransferInstructionWithdraw),
    };
    for (const [plan, exercises] of Object.entries(ends)) {
      expect(exercises.length).toBeGreaterThan(0);
      for (const { event, tx, target } of exercises) {
        const payload = target.payload as unknown as AmuletTransferInstructionPayload;
        expect(event.consuming).toBe(true);
        expect(event.interface_id).toBe(SpliceInterfaces.TransferInstruction.interfaceId);
        expect(event.acting_parties).toEqual([
          plan === 'withdraw' ? payload.transfer.sender : payload.transfer.receiver,
        ]);
        const unlock = tx.events_by_id[event.child_event_ids[0]] as HistoryExercisedEvent;
        expect(unlock.choice).toBe(SpliceChoices.LockedAmuletUnlock);
        expect(unlock.contract_id).toBe(payload.lockedAmulet);
        const outputs = Object.values(tx.events_by_id).filter(
          (e): e is HistoryCreatedEvent =>
            e.event_type === 'created_event' && e.template_id === SpliceTemplates.Amulet.templateId,
        );
        const owners = outputs.map((e) => compactOf<AmuletPayload>(e).owner);
        if (plan === 'accept') expect(owners).toContain(payload.transfer.receiver);
        else expect(owners).toEqual([payload.transfer.sender]);
      }
    }
    const settled = Object.values(ends).reduce((n, x) => n + x.length, 0);
    const pending = [...history.activeAtEnd.get(1)!.values()].filter(
      (c) => c.templateName === 'AmuletTransferInstruction',
    );
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(settled + pending.length).toBe(created.length);
  });

  it('keeps the scripted pending instruction active to the end, with its LockedAmulet', () => {
    const kept = withInstructions.summary.landmarks.pendingTransferInstruction!;
    expect(kept.plan).toBe('pending');
    const active = history.activeAtEnd.get(1)!;
    const instruction = [...active.values()].find(
      (c) =>
        c.templateName === 'AmuletTransferInstruction' &&
        (c.payload as unknown as AmuletTransferInstructionPayload).transfer.sender === kept.sender.id &&
        (c.payload as unknown as AmuletTransferInstructionPayload).transfer.receiver === kept.receiver.id,
    );
    expect(instruction).toBeDefined();
    const lockedCid = (instruction!.payload as unknown as AmuletTransferInstructionPayload).lockedAmulet;
    expect(active.get(lockedCid)?.templateName).toBe('LockedAmulet');
  });

  it('refuses instructions when every user is preapproved', () => {
    expect(() => run({ ...OPTIONS, partyCount: 4, transferPreapprovalParties: 4 })).toThrow(
      /transferInstructionsPerRound needs a user without a TransferPreapproval/,
    );
  });
});
