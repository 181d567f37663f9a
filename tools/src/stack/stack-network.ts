import type { AppConfig } from '@canton-scan/domain';
import type { SimulationOptions } from '@canton-scan/simulator';

/**
 * The simulated network `npm start` loads: the default one, except that the first SV's scan (in
 * its SvNodeState's `synchronizerNodes`, where scan discovery reads it) is this stack's own scan,
 * `SCAN_PUBLIC_URL`; the other SVs keep the simulator's example URLs.
 */
export function stackSimulationOptions(config: Pick<AppConfig, 'scanApi'>): SimulationOptions {
  return { svScanUrls: [config.scanApi.publicUrl] };
}
