// Lets a plain `node` child process run the workspace's TypeScript sources, as jest does:
// `node -r libs/testing/register/ts-node-hook.cjs tools/src/mirror/mirror.cli.ts ...`.
// Each .ts file is compiled by swc with the workspace's .swcrc (decorators, CommonJS) when it is
// first required, and the `@canton-scan/*` aliases resolve to the libs' sources. Tests use it to
// run a CLI in a process they can kill.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
const aliases = swcrc.jsc.paths;
delete swcrc.$schema;
delete swcrc.jsc.paths;
delete swcrc.jsc.baseUrl;

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const alias = aliases[request];
  if (alias) return path.join(root, alias[0]);
  if (parent && parent.filename && parent.filename.endsWith('.ts') && request.startsWith('.')) {
    // Sources import siblings without an extension, generated clients with `.js`.
    const base = path.resolve(path.dirname(parent.filename), request.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')])
      if (fs.existsSync(candidate)) return candidate;
  }
  return resolve.call(this, request, parent, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...swcrc, swcrc: false, filename, sourceMaps: 'inline' });
  module._compile(code, filename);
};
