import type { DamlValue } from '../daml-value/daml-value.types';
import { canonicalJson } from './canonical-json';

/** What a created event blob is made of: the created event without its ledger position. */
export interface CreatedEventBlobSource {
  contract_id: string;
  template_id: string;
  package_name: string;
  create_arguments: DamlValue;
  created_at: string;
  signatories: readonly string[];
  observers: readonly string[];
}

/**
 * The serialized created event, as the ledger would hand it out, for a history that did not
 * supply one: base64 of the event's canonical JSON, so the same event always gives the same
 * blob. Derived on read (the store keeps only supplied blobs).
 */
export function deriveCreatedEventBlob(e: CreatedEventBlobSource): string {
  const canonical = canonicalJson({
    contract_id: e.contract_id,
    template_id: e.template_id,
    package_name: e.package_name,
    create_arguments: e.create_arguments,
    created_at: e.created_at,
    signatories: e.signatories,
    observers: e.observers,
  });
  return Buffer.from(canonical, 'utf8').toString('base64');
}
