// Fails when libs/contracts/src/generated is not what specs/ generate (someone edited it by
// hand, or changed a spec without regenerating).
import { execFileSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;
execFileSync('node', ['tools/src/codegen/generate.mjs'], { cwd: root, stdio: 'inherit' });
const status = execFileSync('git', ['status', '--porcelain', '--', 'libs/contracts/src/generated'], {
  cwd: root,
  encoding: 'utf8',
});
if (status.trim() !== '') {
  console.error(
    'libs/contracts is stale: regenerate it with `npm run generate` and commit the result.\n' + status,
  );
  process.exit(1);
}
console.log('libs/contracts is up to date with specs/');
