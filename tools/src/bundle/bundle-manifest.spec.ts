import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleLockfileSeed, runtimeDependencies, type Lockfile } from './bundle-manifest';
import { packageOf, runtimeGraph } from './runtime-graph';

const lock: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'ws', devDependencies: { jest: '1.0.0' } },
    'node_modules/@nestjs/core': {
      version: '12.5.1',
      peerDependencies: { '@nestjs/common': '^12', rxjs: '^7', '@nestjs/websockets': '^12' },
      peerDependenciesMeta: { '@nestjs/websockets': { optional: true } },
    },
    'node_modules/@nestjs/common': { version: '12.5.1' },
    'node_modules/@nestjs/platform-express': { version: '12.5.1' },
    'node_modules/@nestjs/websockets': { version: '12.5.1' },
    'node_modules/rxjs': { version: '7.8.2' },
    'node_modules/typeorm': { version: '1.1.1' },
    'node_modules/pg': { version: '8.23.1' },
    'node_modules/jest': { version: '30.0.0', dev: true },
  },
};

describe('runtimeDependencies', () => {
  it('adds what Nest and TypeORM load by name and the required peers, at the locked versions', () => {
    expect(runtimeDependencies(['@nestjs/core', 'typeorm'], lock)).toEqual({
      '@nestjs/common': '12.5.1',
      '@nestjs/core': '12.5.1',
      '@nestjs/platform-express': '12.5.1',
      pg: '8.23.1',
      rxjs: '7.8.2',
      typeorm: '1.1.1',
    });
  });

  it('refuses a package the workspace lockfile does not hold', () => {
    expect(() => runtimeDependencies(['left-pad'], lock)).toThrow(/left-pad is required at run time/);
  });
});

describe('bundleLockfileSeed', () => {
  it("roots the workspace's locked packages at the bundle's package.json", () => {
    const seed = bundleLockfileSeed(lock, {
      name: '@canton-scan/x',
      version: '0.1.0',
      private: true,
      description: '',
      main: 'main.js',
      scripts: { start: 'node main.js' },
      dependencies: { pg: '8.23.1' },
    });
    expect(seed.packages['']).toEqual(
      expect.objectContaining({ name: '@canton-scan/x', dependencies: { pg: '8.23.1' } }),
    );
    expect(seed.packages[''].devDependencies).toBeUndefined();
    expect(seed.packages['node_modules/pg']).toBe(lock.packages['node_modules/pg']);
  });
});

describe('runtimeGraph', () => {
  it('follows relative requires (static and dynamic) to files and collects the packages, not the builtins', () => {
    const root = mkdtempSync(join(tmpdir(), 'css-graph-'));
    try {
      mkdirSync(join(root, 'apps/a/src'), { recursive: true });
      mkdirSync(join(root, 'libs/l/src'), { recursive: true });
      writeFileSync(
        join(root, 'apps/a/src/main.js'),
        'require("reflect-metadata");\nconst l = require("../../../libs/l/src");\n',
      );
      writeFileSync(
        join(root, 'libs/l/src/index.js'),
        'require("node:fs"); require("path"); require("@nestjs/core/injector");\n' +
          'Promise.resolve().then(() => require("@electric-sql/pglite"));\nrequire("./data.json");\n',
      );
      writeFileSync(join(root, 'libs/l/src/data.json'), '{}');
      writeFileSync(join(root, 'libs/l/src/unused.js'), 'require("left-pad");');
      expect(runtimeGraph(root, 'apps/a/src/main.js')).toEqual({
        files: ['apps/a/src/main.js', 'libs/l/src/data.json', 'libs/l/src/index.js'],
        packages: ['@electric-sql/pglite', '@nestjs/core', 'reflect-metadata'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names the package of a specifier without its subpath', () => {
    expect(packageOf('@nestjs/core/injector')).toBe('@nestjs/core');
    expect(packageOf('pino/file')).toBe('pino');
  });
});
