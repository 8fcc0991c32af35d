import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * A redis-server of a test or of the chaos script (the binary on PATH), on its own port and directory, so that it
 * can be killed and started again without touching the machine's shared Redis. Durable: every write is in the
 * append-only file before Redis answers it (`appendfsync always`), so a restart — even after SIGKILL — keeps
 * every acknowledged stream entry.
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** where its append-only file lives */
  readonly dir: string;
  /** pid of the running server (undefined while it is stopped) */
  pid(): number | undefined;
  /** Stops the server with this signal (SIGKILL: a crash; SIGTERM: a clean shutdown) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and directory (the append-only file is loaded). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'waymark-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
    args.push('--appendonly', 'yes', '--appendfsync', 'always');
    const started = spawn('redis-server', args, { stdio: 'ignore' });
    child = started;
    let exited = false;
    started.once('exit', () => {
      exited = true;
    });
    for (let attempt = 0; ; attempt++) {
      if (exited) throw new Error(`redis-server did not start on port ${port}`);
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        // a server loading its append-only file answers LOADING until it is done
        await probe.ping();
        return;
      } catch (err) {
        if (attempt > 200) throw err;
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    pid: () => child?.pid,
    stop,
    start,
    async dispose() {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Every message still in a topic's partition streams (`<prefix><topic>:<p>`), in stream order per partition. */
export async function streamMessages(
  url: string,
  prefix: string,
  topic: string,
  partitions: number,
): Promise<Record<string, unknown>[]> {
  const redis = new Redis(url);
  const out: Record<string, unknown>[] = [];
  try {
    for (let p = 0; p < partitions; p++) {
      for (const [, fields] of await redis.xrange(`${prefix}${topic}:${p}`, '-', '+')) {
        const raw = JSON.parse(fields[fields.indexOf('d') + 1] ?? 'null');
        out.push(...(Array.isArray(raw) ? raw : [raw]));
      }
    }
  } finally {
    redis.disconnect();
  }
  return out;
}
