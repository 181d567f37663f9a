import type { CompactValue } from '@canton-scan/domain';
import { decimal } from './daml-decimal-rounding';

export const AMULET = 'Splice.Amulet:Amulet';
export const LOCKED_AMULET = 'Splice.Amulet:LockedAmulet';
export const OPEN_MINING_ROUND = 'Splice.Round:OpenMiningRound';
export const ISSUING_MINING_ROUND = 'Splice.Round:IssuingMiningRound';
/** The contracts a transfer takes as reward inputs. */
export const REWARD_COUPONS: ReadonlySet<string> = new Set([
  'Splice.Amulet:AppRewardCoupon',
  'Splice.Amulet:ValidatorRewardCoupon',
  'Splice.Amulet:SvRewardCoupon',
  'Splice.ValidatorLicense:ValidatorFaucetCoupon',
  'Splice.ValidatorLicense:ValidatorLivenessActivityRecord',
]);

/** `Module:Entity` of a `<package>:<Module>:<Entity>` identifier. */
export function qualifiedName(identifier: string): string {
  return identifier.slice(identifier.indexOf(':') + 1);
}

/** The initial amount of an Amulet or LockedAmulet payload (compact), if it has one. */
export function amuletAmountOf(template: string, payload: CompactValue): bigint | undefined {
  const record = payload as Record<string, unknown>;
  const amulet = (template === LOCKED_AMULET ? record.amulet : record) as
    { amount?: { initialAmount?: string } } | undefined;
  const text = amulet?.amount?.initialAmount;
  return typeof text === 'string' ? decimal(text) : undefined;
}
