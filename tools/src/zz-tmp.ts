import { simulateNetwork, stackSimulationOptions } from '@canton-scan/simulator';
import { loadConfig, isTransaction, toCompact, SpliceTemplates } from '@canton-scan/domain';
const opts = { ...stackSimulationOptions(loadConfig({AUTH_DEV_MODE:'true'})), rounds: 60 };
let last: unknown;
for (const u of simulateNetwork(opts)) {
  if (!isTransaction(u)) continue;
  for (const e of Object.values(u.events_by_id)) if (e.event_type === 'created_event' && e.template_id === SpliceTemplates.SvNodeState.templateId) last = { rt: u.record_time, m: u.migration_id, p: toCompact(e.create_arguments) };
}
console.log(JSON.stringify(last, null, 1));
