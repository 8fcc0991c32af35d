import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@waymark/db/embedded';
import { paths } from '@waymark/db/paths';

/**
 * The chaos script's own machinery: a PostgreSQL of its own (so that freezing it touches nothing else on the
 * machine; its redis-server is @waymark/bus/testing/redis-server), and the production processes — `waymark serve-api` and the
 * standalone ingest — as node children that can be killed with SIGKILL and started again.
 */
export interface ChaosDatabase {
  url: string;
  /** pid of the postmaster, from postmaster.pid */
  postmaster(): number;
  /** SIGSTOP the postmaster and every backend (a frozen database host); resume() sends SIGCONT. */
  pause(): number;
  resume(): void;
  stop(): Promise<void>;
}

export async function startChaosDatabase(dir: string): Promise<ChaosDatabase> {
  const database = await startEmbeddedPostgres({ dir, database: 'waymark' });
  const postmaster = () => Number(readFileSync(join(dir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const tree = () => [postmaster(), ...childrenOf(postmaster())];
  return {
    url: database.url,
    postmaster,
    pause() {
      // backends first, so that none is left running to notice its postmaster stopped
      const pids = tree().reverse();
      for (const pid of pids) signal(pid, 'SIGSTOP');
      return pids.length;
    },
    resume() {
      for (const pid of tree()) signal(pid, 'SIGCONT');
    },
    stop: () => database.stop(),
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile
  }
}

/** Direct children of a process, from /proc. */
function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) out.push(Number(name));
    } catch {
      // exited while listed
    }
  }
  return out;
}

/** A production process of the cluster: started, killed with SIGKILL, started again with the same settings. */
export interface ClusterProcess {
  readonly name: string;
  pid(): number | undefined;
  start(): Promise<void>;
  kill(): Promise<void>;
  /** A clean stop (SIGTERM), for the end of the run. */
  stop(): Promise<void>;
}

/**
 * A tsx script run by node itself (so that its pid is the process that dies), its output appended to
 * `<logDir>/<name>.log`; start() resolves when the output shows `ready`.
 */
export function clusterProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  logDir: string,
): ClusterProcess {
  let child: ChildProcess | undefined;
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const exit = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) resolve();
      else c.once('exit', () => resolve());
    });
  return {
    name,
    pid: () => child?.pid,
    start() {
      const started = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', ...args], {
        cwd: paths.root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      return new Promise<void>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(
          () => reject(new Error(`${name} not ready within 120 s:\n${out.slice(-2000)}`)),
          120_000,
        );
        const onData = (d: Buffer) => {
          log.write(d);
          if (out.length < 100_000) out += String(d);
          if (ready.test(out)) {
            clearTimeout(timer);
            out = '';
            resolve();
          }
        };
        started.stdout?.on('data', onData);
        started.stderr?.on('data', onData);
        started.once('exit', (code, sig) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (${code ?? sig}) before it was ready:\n${out.slice(-2000)}`));
        });
      });
    },
    async kill() {
      const running = child;
      if (!running) return;
      running.kill('SIGKILL');
      await exit(running);
    },
    async stop() {
      const running = child;
      if (!running) return;
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
      await exit(running);
      clearTimeout(timer);
    },
  };
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

/** A working directory for the run (database, logs), removed by dispose() unless kept. */
export function workDir(): { path: string; dispose(): void } {
  const path = mkdtempSync(join(tmpdir(), 'waymark-chaos-'));
  // as root, PostgreSQL runs as the postgres user, who must reach the data directory below
  chmodSync(path, 0o755);
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}
