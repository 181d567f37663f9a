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
  return createdEventBlobOfJson({ ...e, create_arguments: canonicalJson(e.create_arguments) });
}

/**
 * `deriveCreatedEventBlob` from the arguments' canonical JSON text, as the store keeps it
 * (no parse and re-serialisation of what can be a large payload on every read).
 */
export function createdEventBlobOfJson(
  e: Omit<CreatedEventBlobSource, 'create_arguments'> & { create_arguments: string },
): string {
  // The members in canonical (sorted) order, the arguments spliced in as stored.
  const canonical =
    `{"contract_id":${JSON.stringify(e.contract_id)},"create_arguments":${e.create_arguments},"created_at":${JSON.stringify(e.created_at)}` +
    `,"observers":${canonicalJson(e.observers)},"package_name":${JSON.stringify(e.package_name)}` +
    `,"signatories":${canonicalJson(e.signatories)},"template_id":${JSON.stringify(e.template_id)}}`;
  return Buffer.from(canonical, 'utf8').toString('base64');
}
