import { canonicalTimestamp } from '../database/timestamps';

/**
 * Reading derived facts out of compact payloads by field name, tolerating what other package
 * versions change: fields added by an upgrade are ignored, optional fields may be absent, and a
 * payload missing what a derived table needs is reported (template, contract, what was missing)
 * and left out of that table — never a rejected batch (docs/compact-only.md "Payloads
 * from other package versions").
 */

/** A payload a derived table could not use. */
export interface UninterpretablePayload {
  /** The derived table or fact (`amulet_holdings`, `vote_results`, ...). */
  derived: string;
  /** `package_name:Module:Entity` (or the choice, for exercise results). */
  template: string;
  /** The contract (or `<update_id>:<node_id>` of an exercise). */
  contract: string;
  /** Paths of the fields that were missing or of the wrong kind. */
  missing: string[];
}

export type UninterpretablePayloadSink = (report: UninterpretablePayload) => void;

const warn: UninterpretablePayloadSink = (r) =>
  console.warn(
    `derived state: ${r.derived} leaves out ${r.contract} (${r.template}): missing ${r.missing.join(', ')}`,
  );

let sink: UninterpretablePayloadSink = warn;

/** Where reports go (default: one warning line each); returns the previous sink (tests restore it). */
export function setUninterpretablePayloadSink(
  next: UninterpretablePayloadSink | undefined,
): UninterpretablePayloadSink {
  const previous = sink;
  sink = next ?? warn;
  return previous;
}

/** Reads fields of one payload, collecting the paths of what is missing. */
export class PayloadReader {
  readonly missing: string[] = [];

  constructor(private readonly payload: unknown) {}

  private at(path: readonly string[]): unknown {
    let node: unknown = this.payload;
    for (const key of path) {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  }

  /** A string field that must be there (Party, Text, Numeric, Int64, Timestamp: all strings compact). */
  text(...path: string[]): string {
    const v = this.at(path);
    if (typeof v === 'string') return v;
    this.missing.push(path.join('.'));
    return '';
  }

  /** An Int64 field (a decimal string that fits a bigint column). */
  int(...path: string[]): string {
    return this.matching(path, (v) => /^-?\d{1,18}$/.test(v));
  }

  /** A Numeric field: plain or, as Java's BigDecimal prints small values, scientific (`0E-10`, `-1.43E-8`). */
  decimal(...path: string[]): string {
    return this.matching(path, (v) => /^-?\d{1,28}(\.\d+)?(E[+-]?\d{1,3})?$/.test(v));
  }

  /** A Timestamp field (ISO-8601 UTC). */
  time(...path: string[]): string {
    return this.matching(path, (v) => canonicalTimestamp(v) !== undefined);
  }

  /** A string field that `ok` accepts; anything else counts as missing (a derived column could not hold it). */
  private matching(path: string[], ok: (v: string) => boolean): string {
    const v = this.at(path);
    if (typeof v === 'string' && ok(v)) return v;
    this.missing.push(path.join('.'));
    return '';
  }

  /** An object field that must be there. */
  object(...path: string[]): Record<string, unknown> {
    const v = this.at(path);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    this.missing.push(path.join('.'));
    return {};
  }

  /** An array field that must be there. */
  array(...path: string[]): unknown[] {
    const v = this.at(path);
    if (Array.isArray(v)) return v;
    this.missing.push(path.join('.'));
    return [];
  }

  /** An Optional field: absent (an older package version) and null both mean None. */
  optional(...path: string[]): unknown {
    const v = this.at(path);
    return v === undefined ? null : v;
  }

  /**
   * `facts` when nothing was missing; else reports the payload (`derived`, `template`,
   * `contract`) and gives undefined.
   */
  result<T>(facts: T, derived: string, template: string, contract: string): T | undefined {
    if (this.missing.length === 0) return facts;
    sink({ derived, template, contract, missing: [...this.missing] });
    return undefined;
  }
}

/** Reports a payload that could not be read at all (e.g. the compact form of a value that is not a record). */
export function reportUninterpretable(report: UninterpretablePayload): void {
  sink(report);
}
