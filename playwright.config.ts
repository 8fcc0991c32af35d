import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { e2eAdmin } from './e2e/support/e2e-env';

const root = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.WAYMARK_E2E_PORT ?? 18082);
const baseURL = `http://127.0.0.1:${port}`;
// The OsmAnd listener (Traccar Client's HTTP protocol) on a fixed port next to the app's, so specs can report
// positions as a tracker would (e2e/support/ingest.ts); workers inherit the variable.
process.env.WAYMARK_E2E_OSMAND_PORT ??= String(port + 1);
const osmandPort = process.env.WAYMARK_E2E_OSMAND_PORT;
// The reverse proxy of e2e/reverse-proxy.spec.ts whose origin the server lists (WAYMARK_ALLOWED_ORIGINS): its port
// must be known before the server starts, so it is fixed too.
process.env.WAYMARK_E2E_PROXY_PORT ??= String(port + 2);
const proxyPort = process.env.WAYMARK_E2E_PROXY_PORT;

// The API serves the built web app: build it when `turbo run build` has not already done so.
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  execSync('pnpm --filter @waymark/web build', { cwd: root, stdio: 'inherit' });
}

// A fresh data directory (embedded PostgreSQL) per run, removed at exit unless WAYMARK_E2E_KEEP_DATA is set.
// Workers load this file again and inherit the variable, so only the runner creates and removes it.
let dataDir = process.env.WAYMARK_E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'waymark-e2e-'));
  dataDir = created;
  process.env.WAYMARK_E2E_DATA_DIR = created;
  if (!process.env.WAYMARK_E2E_KEEP_DATA) process.once('exit', () => rmSync(created, { recursive: true, force: true }));
}

// Workers load this file again: the runner's prefix is the one the server was started with.
process.env.WAYMARK_E2E_REDIS_PREFIX ??= `waymark-e2e-${process.pid}-${Date.now().toString(36)}:`;
const redisPrefix = process.env.WAYMARK_E2E_REDIS_PREFIX;

const passThrough = Object.fromEntries(
  ['DATABASE_URL', 'REDIS_URL'].flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two browsers on the one server: the specs wait on the server, the browser and the network far more than they
  // compute (a run keeps about a quarter of one core busy), so a second worker roughly halves the wall time. Every
  // spec makes its own users, devices and tenants, so they do not see each other's rows.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'pnpm exec tsx apps/platform/src/cli/main.ts start',
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...passThrough,
      PORT: String(port),
      HOST: '127.0.0.1',
      // only the listener the specs report through, on its own port: a Waymark (or Traccar) running on this
      // machine on the default ports does not stop the run
      WAYMARK_PROTOCOLS: 'osmand',
      WAYMARK_PORT_OSMAND: osmandPort,
      WAYMARK_DATA_DIR: dataDir,
      // Redis keys of this run only (on the production path): the sign-in limits, streams and live channels of an
      // earlier run on the same Redis, within their 15-minute windows, never reach this one.
      WAYMARK_REDIS_PREFIX: redisPrefix,
      // e2e/reverse-proxy.spec.ts: its proxy that connects from 127.0.0.2 is trusted to tell the host asked for
      // (X-Forwarded-Host), and its other proxy's origin is listed. The other specs reach the server from 127.0.0.1,
      // not trusted, at an origin not listed: nothing changes for them.
      WAYMARK_TRUST_PROXY: '127.0.0.2',
      WAYMARK_ALLOWED_ORIGINS: `http://127.0.0.1:${proxyPort}`,
      WAYMARK_ADMIN_EMAIL: e2eAdmin.email,
      WAYMARK_ADMIN_PASSWORD: e2eAdmin.password,
      // Warnings and errors only, so the test output stays readable (override with WAYMARK_LOG_LEVEL).
      WAYMARK_LOG_LEVEL: process.env.WAYMARK_LOG_LEVEL ?? 'warn',
    },
  },
});
