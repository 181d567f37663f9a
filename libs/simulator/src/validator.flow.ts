import {
  buildSplicePayload,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  V,
  type ValidatorLicensePayload,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

interface ValidatorState {
  readonly party: SimParty;
  contract?: GenericContract;
  payload?: ValidatorLicensePayload;
  departed: boolean;
}

/** A ValidatorLivenessActivityRecord, open until claimed in a transfer or expired with its round. */
export interface LivenessRecord {
  readonly contract: GenericContract;
  readonly round: number;
  readonly validator: SimParty;
}

const VALIDATOR_VERSION = '0.4.19';

/** Chance that an ordinary validator misses a round. */
const MISS_PROBABILITY = 0.03;

/**
 * Validator licences and liveness. Every validator but the late one is onboarded at genesis;
 * each round a validator collects, its licence is archived and re-created with the faucet state
 * advanced. Validator 1 misses every fourth round, the others occasionally; validator 2 leaves half-way
 * (stops recording liveness; its licence stays, as no Splice workflow withdraws one); the last validator is onboarded a quarter of the way in.
 */
export class ValidatorFlow {
  private readonly validators: ValidatorState[];
  /** Liveness records created, oldest first (claimed or expired ones are dropped by their owner). */
  readonly livenessRecords: LivenessRecord[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
  ) {
    this.validators = ctx.network.validators.map((party) => ({ party, departed: false }));
  }

  /** Whether the validator is active now (onboarded, not departed). */
  isLicensed(party: SimParty): boolean {
    const v = this.validators[party.index];
    return v.contract !== undefined && !v.departed;
  }

  *onboardGenesisValidators(): Generator<HistoryUpdate> {
    const late = this.ctx.network.lateValidator.party;
    for (const v of this.validators) if (v.party !== late) yield this.onboard(v);
  }

  *tick(round: number): Generator<HistoryUpdate> {
    const { lateValidator, departedValidator } = this.ctx.network;
    for (const v of this.validators) {
      if (v.party === lateValidator.party && round === lateValidator.onboardedInRound) yield this.onboard(v);
      if (!v.contract || v.departed) continue;
      if (v.party === departedValidator.party && round === departedValidator.departedInRound) {
        // No Splice workflow withdraws a licence (no DsoRules choice exercises
        // ValidatorLicense_Withdraw, and Splice's automation never does): a validator that
        // leaves just stops recording liveness, its licence stays.
        v.departed = true;
        continue;
      }
      if (this.misses(v, round)) continue;
      yield this.recordLiveness(v, round);
    }
  }

  private misses(v: ValidatorState, round: number): boolean {
    if (v.party.index === 1) return round % 4 === 2;
    return this.ctx.rng.chance(MISS_PROBABILITY);
  }

  private onboard(v: ValidatorState): HistoryUpdate {
    const svs = this.governance.currentSvs;
    const sponsor = svs[v.party.index % svs.length];
    return this.ctx.transaction({ command: 'onboard-validator' }, (tx) => {
      const contactPoint = `ops@${v.party.hint}.example.com`;
      // DsoRules_OnboardValidator: the licence names the validator as its own sponsor.
      const payload: ValidatorLicensePayload = {
        validator: v.party.id,
        sponsor: v.party.id,
        dso: this.ctx.dso.id,
        faucetState: null,
        metadata: { lastUpdatedAt: tx.effectiveAt, version: VALIDATOR_VERSION, contactPoint },
        lastActiveAt: tx.effectiveAt,
      };
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesOnboardValidator,
          argument: V.record({
            sponsor: V.party(sponsor.party.id),
            validator: V.party(v.party.id),
            version: V.optional(V.text(VALIDATOR_VERSION)),
            contactPoint: V.optional(V.text(contactPoint)),
          }),
          consuming: false,
          actingParties: [sponsor.party.id],
        },
        () => V.record({ validatorLicense: V.contractId(tx.contractId(this.createLicense(tx, v, payload))) }),
      );
    });
  }

  private recordLiveness(v: ValidatorState, round: number): HistoryUpdate {
    const license = required(v.contract);
    const previous = required(v.payload).faucetState;
    const faucetState =
      previous === null
        ? {
            firstReceivedFor: { number: String(round) },
            lastReceivedFor: { number: String(round) },
            numCouponsMissed: '0',
          }
        : {
            firstReceivedFor: previous.firstReceivedFor,
            lastReceivedFor: { number: String(round) },
            numCouponsMissed: String(
              Number(previous.numCouponsMissed) + (round - Number(previous.lastReceivedFor.number) - 1),
            ),
          };
    return this.ctx.transaction({ command: 'record-validator-liveness' }, (tx) => {
      tx.exercise(
        license,
        {
          choice: SpliceChoices.ValidatorLicenseRecordValidatorLivenessActivity,
          argument: V.record({ openRoundCid: V.contractId(tx.contractId(this.rounds.openRound(round))) }),
          consuming: true,
          actingParties: [v.party.id],
        },
        () => {
          const next = this.createLicense(tx, v, {
            ...required(v.payload),
            faucetState,
            lastActiveAt: tx.effectiveAt,
            sponsor: v.party.id,
          });
          const record = tx.create(
            SpliceTemplates.ValidatorLivenessActivityRecord,
            buildSplicePayload(SpliceTemplates.ValidatorLivenessActivityRecord, {
              dso: this.ctx.dso.id,
              validator: v.party.id,
              round: { number: String(round) },
            }),
            [this.ctx.dso.id],
            [v.party.id],
          );
          this.livenessRecords.push({ contract: record, round, validator: v.party });
          this.rounds.livenessRecords.push({ contract: record, round, validator: v.party });
          return V.record({
            licenseCid: V.contractId(tx.contractId(next)),
            couponCid: V.contractId(tx.contractId(record)),
          });
        },
      );
    });
  }

  private createLicense(tx: TxBuilder, v: ValidatorState, payload: ValidatorLicensePayload): GenericContract {
    v.payload = payload;
    v.contract = tx.create(
      SpliceTemplates.ValidatorLicense,
      buildSplicePayload(SpliceTemplates.ValidatorLicense, payload),
      [this.ctx.dso.id],
      [v.party.id],
    );
    return v.contract;
  }
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('simulator bug: validator without a licence');
  return value;
}
