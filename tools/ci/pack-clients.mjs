// npm run pack:clients [-- --pack-destination DIR]: builds every client package listed in
// tools/src/codegen/groups.json (tsc: ES modules and type declarations in <package>/dist) and
// writes its tarball to dist/packages/ (or DIR). Prints one tarball path per line.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const destIndex = args.indexOf('--pack-destination');
const destination = resolve(destIndex >= 0 ? args[destIndex + 1] : join(root, 'dist/packages'));
const groups = JSON.parse(readFileSync(join(root, 'tools/src/codegen/groups.json'), 'utf8'));
const tsc = join(root, 'node_modules/typescript/bin/tsc');

mkdirSync(destination, { recursive: true });
for (const { clientPackage } of groups) {
  const dir = join(root, clientPackage);
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', dir, '--json', '--pack-destination', destination], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  console.log(join(destination, packed.filename));
}
