import type { DsoRepository } from './dso.repository';
import { isServableUrl, LEGACY_SEQUENCER_AVAILABLE_AFTER, SvNodesService } from './sv-nodes.service';

const SYNC = 'global-domain::1220aa';

function service(payloads: unknown[]): SvNodesService {
  const repository = { listSvNodeStatePayloads: () => Promise.resolve(payloads) };
  return new SvNodesService(repository as unknown as DsoRepository);
}

describe('SvNodesService', () => {
  it('lists the sequencers of physical synchronizers by serial, with migrationId -1', async () => {
    const node = {
      sequencer: null,
      legacySequencerConfig: null,
      scan: null,
      sequencerIdentity: { sequencerId: 'SEQ::sv::1220bb', availableAfter: '2026-03-01T10:00:00.500000Z' },
      physicalSynchronizers: [
        ['1', { sequencer: { url: 'https://sequencer-1.example.com' } }],
        ['2', { sequencer: null }],
        ['3', { sequencer: { url: 'https://sequencer-3.example.com' } }],
      ],
    };
    const answer = await service([
      { svName: 'SV-A', state: { synchronizerNodes: [[SYNC, node]] } },
    ]).listDsoSequencers();
    expect(answer).toEqual({
      domainSequencers: [
        {
          domainId: SYNC,
          sequencers: [1, 3].map((serial) => ({
            migrationId: -1,
            synchronizerSerial: serial,
            id: 'SEQ::sv::1220bb',
            url: `https://sequencer-${serial}.example.com`,
            svName: 'SV-A',
            availableAfter: '2026-03-01T10:00:00.5Z',
          })),
        },
      ],
    });
  });

  it('skips what it cannot read instead of failing, and keeps a synchronizer whose sequencers are all refused', async () => {
    const payloads = [
      { svName: 'SV-A', state: { synchronizerNodes: 'not a map' } },
      { state: { synchronizerNodes: [[SYNC, {}]] } },
      {
        svName: 'SV-B',
        state: {
          synchronizerNodes: [
            [
              SYNC,
              {
                sequencer: {
                  migrationId: 'x',
                  sequencerId: 'S',
                  url: 'https://s',
                  availableAfter: 'yesterday',
                },
                legacySequencerConfig: {
                  migrationId: '1',
                  sequencerId: 'L',
                  url: 'ftp://legacy.example.com',
                },
                scan: { publicUrl: 'https://scan.example.com' },
              },
            ],
          ],
        },
      },
    ];
    const nodes = service(payloads);
    expect(await nodes.listDsoSequencers()).toEqual({
      domainSequencers: [{ domainId: SYNC, sequencers: [] }],
    });
    expect(await nodes.listDsoScans()).toEqual({
      scans: [{ domainId: SYNC, scans: [{ publicUrl: 'https://scan.example.com', svName: 'SV-B' }] }],
    });
    expect(LEGACY_SEQUENCER_AVAILABLE_AFTER).toBe('-999999999-01-01T00:00:00+18:00');
  });

  it.each([
    ['https://sequencer.example.com', true],
    ['http://10.0.0.1:5008', true],
    ['sequencer.example.com', false],
    ['ftp://sequencer.example.com', false],
    ['https://', false],
  ])('takes %s as a servable URL: %s', (url, servable) => {
    expect(isServableUrl(url)).toBe(servable);
  });
});
