import {
  isTransaction,
  loadConfig,
  SpliceTemplates,
  toCompact,
  type SvNodeStatePayload,
} from '@canton-scan/domain';
import { defaultSvScanUrl, simulateNetwork } from '@canton-scan/simulator';
import { stackSimulationOptions } from './stack-network';

/** The scan URL of each SV's first node state in the network simulated with `options`, in SV order. */
function svScanUrlsOf(options: ReturnType<typeof stackSimulationOptions>): string[] {
  for (const update of simulateNetwork(options)) {
    if (!isTransaction(update)) continue;
    const urls = Object.values(update.events_by_id).flatMap((event) =>
      event.event_type === 'created_event' && event.template_id === SpliceTemplates.SvNodeState.templateId
        ? [
            (toCompact(event.create_arguments) as unknown as SvNodeStatePayload).state.synchronizerNodes[0][1]
              .scan!.publicUrl,
          ]
        : [],
    );
    if (urls.length > 0) return urls;
  }
  throw new Error('no SvNodeState created');
}

describe('stackSimulationOptions', () => {
  it("gives the first SV the stack's own scan: SCAN_PUBLIC_URL, by default http://localhost:<SCAN_PORT>", () => {
    expect(stackSimulationOptions(loadConfig({}))).toEqual({ svScanUrls: ['http://localhost:5012'] });
    expect(stackSimulationOptions(loadConfig({ SCAN_PORT: '6012' }))).toEqual({
      svScanUrls: ['http://localhost:6012'],
    });
    expect(
      stackSimulationOptions(
        loadConfig({ SCAN_PUBLIC_URL: 'https://scan.sv-1.example.org/', SCAN_PORT: '6012' }),
      ),
    ).toEqual({ svScanUrls: ['https://scan.sv-1.example.org'] });
  });

  it("loads a network whose first SV node state names the stack's scan, the others the default URLs", () => {
    const urls = svScanUrlsOf(
      stackSimulationOptions(loadConfig({ SCAN_PUBLIC_URL: 'http://127.0.0.1:5012' })),
    );
    expect(urls[0]).toBe('http://127.0.0.1:5012');
    expect(urls.slice(1)).toEqual(urls.slice(1).map((_, i) => defaultSvScanUrl(i + 1)));
    expect(urls.length).toBeGreaterThan(1);
  });
});
