import { canonicalJson } from './canonical-json';
import {
  createdEventBlobOfJson,
  deriveCreatedEventBlob,
  type CreatedEventBlobSource,
} from './created-event-blob';

describe('created event blobs', () => {
  const event: CreatedEventBlobSource = {
    contract_id: '00abc',
    template_id: 'pkg:Splice.Amulet:Amulet',
    package_name: 'splice-amulet',
    create_arguments: { record: { fields: [{ value: { party: 'dso::1220aa' }, label: 'dso' }] } },
    created_at: '2026-01-05T00:00:07.536135Z',
    signatories: ['dso::1220aa', 'alice::1220bb'],
    observers: [],
  };

  it('is base64 of the canonical JSON of the created event', () => {
    const blob = deriveCreatedEventBlob(event);
    expect(Buffer.from(blob, 'base64').toString('utf8')).toBe(canonicalJson(event));
  });

  it('is the same when derived from the canonical text of the arguments, as the store keeps them', () => {
    expect(
      createdEventBlobOfJson({ ...event, create_arguments: canonicalJson(event.create_arguments) }),
    ).toBe(deriveCreatedEventBlob(event));
  });
});
