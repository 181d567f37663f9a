import { canonicalJson } from '@canton-scan/domain';
import type { PeerAnswer } from './peer';
import { agreedPrefix, type PeerItems } from './quorum';

/** A member's sequencer traffic state as one peer answered it; `null`: it has none (404). */
export type TrafficAnswer = { total_consumed: number; total_limit: number } | null;

/** A party's hosting participants as one peer answered them (v1); `null`: none (404). */
export type HostingAnswer = string[] | null;

/** One peer's single answer, as the list of one item the quorum compares. */
export interface SingleAnswer<T> {
  url: string;
  value: T;
}

export interface AnswerAgreement<T> {
  /** Whether f + 1 peers gave the same answer (and no other answer had as many). */
  agreed: boolean;
  /** The agreed answer, when `agreed`. */
  value?: T;
  /** Peers whose answer differed from the agreed one. */
  dissenters: string[];
  divergedAt: Record<string, number>;
}

/**
 * The answer at least `quorum` peers gave identically (compared as canonical JSON), as the
 * history's pages are agreed on: the largest group wins if it reaches the quorum and no other
 * group is as large (a tie agrees on nothing); the peers of the other groups dissent.
 */
export function agreedAnswer<T>(answers: readonly SingleAnswer<T>[], quorum: number): AnswerAgreement<T> {
  const voters: PeerItems<T>[] = answers.map((a) => ({ url: a.url, items: [a.value] }));
  const { items, dissenters, divergedAt } = agreedPrefix(voters, quorum, (value) => canonicalJson(value));
  return items.length === 1
    ? { agreed: true, value: items[0], dissenters, divergedAt }
    : { agreed: false, dissenters, divergedAt };
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * What a peer's traffic-status answer says of the sequencer's state (`actual` only: `target`
 * is read from the mirror's own contracts). A malformed answer keeps its content, so it can
 * only agree with identical ones, and `validTraffic` refuses it even then.
 */
export function trafficAnswerOf(
  answer: PeerAnswer<{ traffic_status?: { actual?: unknown } }>,
): TrafficAnswer {
  if (answer.absent) return null;
  return (answer.value?.traffic_status?.actual ?? { malformed: answer.value }) as TrafficAnswer;
}

export function validTraffic(value: TrafficAnswer): boolean {
  if (value === null) return true;
  const keys = Object.keys(value).sort();
  return (
    keys.length === 2 &&
    keys[0] === 'total_consumed' &&
    keys[1] === 'total_limit' &&
    isCount(value.total_consumed) &&
    isCount(value.total_limit)
  );
}

export function hostingAnswerOf(answer: PeerAnswer<{ participant_ids?: unknown }>): HostingAnswer {
  if (answer.absent) return null;
  const ids = answer.value?.participant_ids;
  return (Array.isArray(ids) ? ids : [{ malformed: answer.value }]) as HostingAnswer;
}

const PARTICIPANT = /^PAR::[^:]+::[0-9a-f]+$/;

/** A hosting answer the store can hold: distinct `PAR::<name>::<fingerprint>` ids (none: 404). */
export function validHosting(value: HostingAnswer): boolean {
  return (
    value === null ||
    (value.every((id) => typeof id === 'string' && PARTICIPANT.test(id)) &&
      new Set(value).size === value.length)
  );
}
