// npm run new-app -- --name NAME: a new app module wired like the others. Writes
// specs/NAME.yaml (health probes and one example operation), apps/NAME-api (app module, factory,
// main, the group module, an example controller -> service -> repository over libs/domain, an
// e2e test through the generated client), packages/NAME-client, and registers the group where
// the workspace lists groups: the codegen's groups.json, the config slice (libs/domain), the
// RATE_LIMITS groups, spec:lint and the README's table of groups. Then runs the codegen.
'use strict';
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { formatFiles, generateFiles, names, updateJson } = require('@nx/devkit');

const SLICE_MARKER = "// npm run new-app adds each generated app's slice above this line.";

module.exports = async function appGenerator(tree, options) {
  const name = options.name;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new Error(`--name must be kebab-case, got "${name}"`);
  for (const taken of [`specs/${name}.yaml`, `apps/${name}-api`, `packages/${name}-client`])
    if (tree.exists(taken)) throw new Error(`${taken} exists already`);
  const n = names(name);
  const vars = {
    name,
    className: n.className,
    propertyName: n.propertyName,
    constantName: n.constantName,
    title: n.className,
    port: options.port ?? 5020,
    tmpl: '',
  };

  generateFiles(tree, path.join(__dirname, 'files/spec'), 'specs', vars);
  generateFiles(tree, path.join(__dirname, 'files/app'), `apps/${name}-api`, vars);
  generateFiles(tree, path.join(__dirname, 'files/package'), `packages/${name}-client`, vars);

  updateJson(tree, 'tools/src/codegen/groups.json', (groups) => [
    ...groups,
    { name, spec: `specs/${name}.yaml`, clientPackage: `packages/${name}-client` },
  ]);
  updateJson(tree, 'package.json', (pkg) => {
    pkg.scripts['spec:lint'] += ` specs/${name}.yaml`;
    return pkg;
  });
  addConfigSlice(tree, vars);
  addRateLimitGroup(tree, name);
  addReadmeRow(tree, vars);
  await formatFiles(tree);

  if (options.skipGenerate) return undefined;
  return () =>
    execFileSync(process.execPath, [path.join(tree.root, 'tools/src/codegen/generate.mjs')], {
      cwd: tree.root,
      stdio: 'inherit',
    });
};

/** `<name>Api` in AppConfig and in loadConfig: port and prefix of its own, the shared HTTP settings. */
function addConfigSlice(tree, { name, propertyName, constantName, port }) {
  const file = 'libs/domain/src/config/app-config.ts';
  const source = tree.read(file, 'utf-8');
  const [interfaceAt, valueAt] = [source.indexOf(SLICE_MARKER), source.lastIndexOf(SLICE_MARKER)];
  if (interfaceAt < 0 || interfaceAt === valueAt) throw new Error(`${file}: the new-app markers are missing`);
  const lineStart = (at) => source.lastIndexOf('\n', at) + 1;
  const field = `  readonly ${propertyName}Api: GroupAppConfig;\n`;
  const value =
    `    ${propertyName}Api: {\n` +
    `      port: r.int('${constantName}_PORT', ${port}, { max: 65535 }),\n` +
    `      bodyLimitBytes,\n      realm,\n      rateLimits,\n      trustProxy,\n` +
    `      prefix: r.pathPrefix('${constantName}_PREFIX', '/api/${name}'),\n` +
    `    },\n`;
  tree.write(
    file,
    source.slice(0, lineStart(interfaceAt)) +
      field +
      source.slice(lineStart(interfaceAt), lineStart(valueAt)) +
      value +
      source.slice(lineStart(valueAt)),
  );
}

function addRateLimitGroup(tree, name) {
  const file = 'libs/domain/src/config/rate-limits.ts';
  const source = tree.read(file, 'utf-8');
  const updated = source.replace(
    /(export const RATE_LIMIT_GROUPS = \[[^\]]*)\] as const;/,
    (_, list) => `${list}, '${name}'] as const;`,
  );
  if (updated === source) throw new Error(`${file}: RATE_LIMIT_GROUPS not found`);
  tree.write(file, updated);
}

/** A row in the README's table of groups (the one whose header starts with "| Group"). */
function addReadmeRow(tree, { name, port }) {
  const lines = tree.read('README.md', 'utf-8').split('\n');
  const header = lines.findIndex((l) => l.startsWith('| Group'));
  if (header < 0) return;
  let end = header;
  while (lines[end + 1]?.startsWith('|')) end++;
  lines.splice(
    end + 1,
    0,
    `| ${names(name).className} | ${name}-api | http://localhost:${port}/api/${name} | http://localhost:${port}/docs |`,
  );
  tree.write('README.md', lines.join('\n'));
}
