import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/**
 * V8 flags of the shipped start scripts (package.json `start`, `waymark`): a young generation large enough for
 * the batches the ingest and the pipeline keep in flight (measured: a fifth less CPU per position).
 */
export const NODE_FLAGS = ['--max-semi-space-size=64'];

/** Starts a tsx script as the start scripts do and resolves when its stdout shows `ready`. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  // node itself (not the tsx wrapper), so that the child's pid is the process measured
  const [command, commandArgs] = [process.execPath, [...NODE_FLAGS, ...nodeArgs, '--import', 'tsx', ...args]];
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`not ready: ${args.join(' ')}\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += String(d);
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}\n${out}`)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
