// Fails when libs/contracts/src/generated or a client package's generated sources
// (<clientPackage>/src, tools/src/codegen/groups.json) are not what specs/ generate (someone
// edited them by hand, or changed a spec without regenerating).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const groups = JSON.parse(readFileSync(join(root, 'tools/src/codegen/groups.json'), 'utf8'));
const generated = ['libs/contracts/src/generated', ...groups.map((g) => `${g.clientPackage}/src`)];
execFileSync('node', ['tools/src/codegen/generate.mjs'], { cwd: root, stdio: 'inherit' });
const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', ...generated], {
  cwd: root,
  encoding: 'utf8',
});
if (status.trim() !== '') {
  console.error(
    'generated code is stale: regenerate libs/contracts and the client packages with `npm run generate` and commit the result.\n' +
      status,
  );
  process.exit(1);
}
console.log(`up to date with specs/: ${generated.join(', ')}`);
