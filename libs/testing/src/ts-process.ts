import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';

const ROOT = join(__dirname, '../../..');
const HOOK = join(ROOT, 'libs/testing/register/ts-node-hook.cjs');

export interface TsProcess {
  readonly child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs a workspace TypeScript entry point (path from the workspace root, e.g.
 * `tools/src/mirror/mirror.cli.ts`) in its own `node` process, as a user would run the built
 * CLI: tests can kill it at any point.
 */
export function spawnTsScript(entry: string, args: string[], env: Record<string, string>): TsProcess {
  const child = spawn(process.execPath, ['-r', HOOK, join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** A port free on loopback right now (for a child process to listen on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers at all (401 included); fails with the process's output if it exits first. */
export async function waitForHttp(url: string, app: TsProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      if (app.child.exitCode !== null || app.child.signalCode !== null || Date.now() > deadline)
        throw new Error(`${url} never answered:\n${app.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
