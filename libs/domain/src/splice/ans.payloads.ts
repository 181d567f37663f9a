import { T, type CompactOf } from '../daml-value/daml-type';
import { relTimeType, roundType, type RelTime, type Round } from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of the name service's entries (package splice-amulet-name-service) and the
// subscriptions they are paid through (package splice-wallet-payments).

export const ansEntryType = T.record({
  user: T.party,
  dso: T.party,
  name: T.text,
  url: T.text,
  description: T.text,
  expiresAt: T.timestamp,
});
/** `Splice.Ans:AnsEntry`: a name held by `user` until `expiresAt`, recreated on each renewal. */
export interface AnsEntryPayload {
  user: string;
  dso: string;
  name: string;
  url: string;
  description: string;
  expiresAt: string;
}

export const ansEntryContextType = T.record({
  dso: T.party,
  user: T.party,
  name: T.text,
  url: T.text,
  description: T.text,
  reference: T.contractId,
});
/** `Splice.Ans:AnsEntryContext`: ties a requested name to the subscription paying for it. */
export interface AnsEntryContextPayload {
  dso: string;
  user: string;
  name: string;
  url: string;
  description: string;
  reference: string;
}

export const subscriptionDataType = T.record({
  sender: T.party,
  receiver: T.party,
  provider: T.party,
  dso: T.party,
  description: T.text,
});
export interface SubscriptionData {
  sender: string;
  receiver: string;
  provider: string;
  dso: string;
  description: string;
}

export const paymentAmountType = T.record({
  amount: T.numeric,
  unit: T.enum('USDUnit', 'AmuletUnit', 'ExtUnit'),
});
export const subscriptionPayDataType = T.record({
  paymentAmount: paymentAmountType,
  paymentInterval: relTimeType,
  paymentDuration: relTimeType,
});
export interface SubscriptionPayData {
  paymentAmount: { amount: string; unit: 'USDUnit' | 'AmuletUnit' | 'ExtUnit' };
  paymentInterval: RelTime;
  paymentDuration: RelTime;
}

export const subscriptionRequestType = T.record({
  subscriptionData: subscriptionDataType,
  payData: subscriptionPayDataType,
});
export interface SubscriptionRequestPayload {
  subscriptionData: SubscriptionData;
  payData: SubscriptionPayData;
}

export const subscriptionInitialPaymentType = T.record({
  subscriptionData: subscriptionDataType,
  payData: subscriptionPayDataType,
  targetAmount: T.numeric,
  lockedAmulet: T.contractId,
  round: roundType,
  reference: T.contractId,
});
export interface SubscriptionInitialPaymentPayload {
  subscriptionData: SubscriptionData;
  payData: SubscriptionPayData;
  targetAmount: string;
  lockedAmulet: string;
  round: Round;
  reference: string;
}

export const subscriptionType = T.record({
  subscriptionData: subscriptionDataType,
  reference: T.contractId,
});
export interface SubscriptionPayload {
  subscriptionData: SubscriptionData;
  reference: string;
}

export const subscriptionIdleStateType = T.record({
  subscription: T.contractId,
  subscriptionData: subscriptionDataType,
  payData: subscriptionPayDataType,
  nextPaymentDueAt: T.timestamp,
  reference: T.contractId,
});
export interface SubscriptionIdleStatePayload {
  subscription: string;
  subscriptionData: SubscriptionData;
  payData: SubscriptionPayData;
  nextPaymentDueAt: string;
  reference: string;
}

export const subscriptionPaymentType = T.record({
  subscription: T.contractId,
  subscriptionData: subscriptionDataType,
  payData: subscriptionPayDataType,
  thisPaymentDueAt: T.timestamp,
  targetAmount: T.numeric,
  lockedAmulet: T.contractId,
  round: roundType,
  reference: T.contractId,
});
export interface SubscriptionPaymentPayload {
  subscription: string;
  subscriptionData: SubscriptionData;
  payData: SubscriptionPayData;
  thisPaymentDueAt: string;
  targetAmount: string;
  lockedAmulet: string;
  round: Round;
  reference: string;
}

type _Checks = [
  Expect<SameShape<CompactOf<typeof subscriptionPaymentType>, SubscriptionPaymentPayload>>,
  Expect<SameShape<CompactOf<typeof ansEntryType>, AnsEntryPayload>>,
  Expect<SameShape<CompactOf<typeof ansEntryContextType>, AnsEntryContextPayload>>,
  Expect<SameShape<CompactOf<typeof subscriptionRequestType>, SubscriptionRequestPayload>>,
  Expect<SameShape<CompactOf<typeof subscriptionInitialPaymentType>, SubscriptionInitialPaymentPayload>>,
  Expect<SameShape<CompactOf<typeof subscriptionType>, SubscriptionPayload>>,
  Expect<SameShape<CompactOf<typeof subscriptionIdleStateType>, SubscriptionIdleStatePayload>>,
];
