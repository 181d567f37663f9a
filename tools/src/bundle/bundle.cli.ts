// npm run bundle (the Nx target `bundle` of each app): dist/bundles/<app> from the built dist.
import { join } from 'node:path';
import { bundleApp } from './bundle';

const apps = process.argv.slice(2);
if (apps.length === 0) {
  console.error('usage: bundle.cli.js APP...   (scan-api, registry-api, ledger-api, scan-mirror)');
  process.exit(2);
}
const workspaceRoot = join(__dirname, '../../../..');
for (const app of apps) {
  const bundle = bundleApp({ app, workspaceRoot });
  const deps = Object.entries(bundle.packageJson.dependencies).map(([name, version]) => `${name}@${version}`);
  console.log(
    `${app} ${bundle.packageJson.version}: ${bundle.dir} (${bundle.files.length} compiled files; ${deps.join(', ')})`,
  );
}
