#!/usr/bin/env node
// Benchmark (not a test): the built web app's live map with 10,000 devices; main-thread time to apply one
// websocket batch of 10,000 position updates (target < 50 ms).
//
//   pnpm --filter @waymark/web build   # once
//   node bench/web-map/live-map.mjs [--devices 10000] [--batches 5]
//
// The API is mocked with page.route and /api/socket is a real websocket server here (ws), so no API or database runs;
// the built files in apps/web/dist are served by a small static server. Main-thread time is Chrome's
// TaskDuration (CDP Performance metrics) from the batch until the page is quiet again, less the idle baseline.
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { WebSocketServer } from 'ws';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    batches: { type: 'string', default: '5' },
    // a V8 CPU profile of the last batch's main thread, written to this file
    profile: { type: 'string' },
    // the user's mapLiveRoutes: 'all' (every device draws its trail: the heaviest case), 'selected' or 'none'
    trails: { type: 'string', default: 'all' },
  },
});
const DEVICES = Number(values.devices);
const BATCHES = Number(values.batches);
const TARGET_MS = 50;
const root = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
if (!existsSync(join(root, 'index.html'))) {
  console.error(`No build in ${root}: run pnpm --filter @waymark/web build first.`);
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(root, path);
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
const sockets = new WebSocketServer({ server, path: '/api/socket' });
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

// 10,000 devices in a 1° × 1° box around Athens; the user's view is zoomed on part of it.
const now = new Date().toISOString();
const detail = Object.fromEntries(
  'vendorId calendarId plateNumber vin engineNumber color brand vehicleModel installedBy installedAt installationCompany installationPosition installationAddress installationImage fuelTankShape fuelTankLength fuelTankWidth fuelTankHeight fuelTankDiameter fuelTankVolume fuelDropThreshold fuelIncreaseThreshold temperatureDropThreshold temperatureIncreaseThreshold frontTireChangeDate frontTireDistance rearTireChangeDate rearTireDistance motIssueDate motExpiryDate permitNumber permitCoverage'
    .split(' ')
    .map((k) => [k, null]),
);
const CATEGORIES = ['car', 'truck', 'bus', 'van', 'person', 'animal', 'boat', 'motorcycle'];
const STATUSES = ['online', 'offline', 'unknown'];
const devices = Array.from({ length: DEVICES }, (_, i) => ({
  id: i + 1,
  name: `Vehicle ${i + 1}`,
  uniqueId: `imei${100000 + i}`,
  status: STATUSES[i % 3],
  disabled: false,
  lastUpdate: now,
  positionId: i + 1,
  groupId: null,
  userId: null,
  tenantId: null,
  phone: null,
  model: null,
  contact: null,
  category: CATEGORIES[i % CATEGORIES.length],
  expirationTime: null,
  ...detail,
  attributes: {},
}));
let positionId = 0;
const positionsAt = (step) =>
  devices.map((d, i) => ({
    id: ++positionId,
    deviceId: d.id,
    protocol: 'osmand',
    serverTime: now,
    deviceTime: now,
    fixTime: now,
    outdated: false,
    valid: true,
    latitude: 37.5 + ((i * 7919) % 1000) / 1000 + step * 0.0005,
    longitude: 23.3 + ((i * 104729) % 1000) / 1000 + step * 0.0005,
    altitude: 0,
    speed: 20 + (step % 10),
    course: (i * 37 + step * 15) % 360,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: [],
    attributes: {},
  }));
const user = {
  id: 1,
  name: 'Bench',
  email: 'bench@example.test',
  phone: null,
  tenantId: null,
  roleId: null,
  administrator: true,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  disabled: false,
  active: true,
  temporary: false,
  expirationTime: null,
  deviceLimit: -1,
  userLimit: 0,
  totpEnabled: false,
  emailOtp: false,
  map: null,
  latitude: 37.95,
  longitude: 23.75,
  zoom: 12,
  coordinateFormat: null,
  poiLayer: null,
  attributes: { mapLiveRoutes: values.trails },
  permissions: [],
  createdAt: now,
};
const serverSettings = {
  id: 1,
  registration: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  forceSettings: false,
  fixedEmail: false,
  disableShare: false,
  emailOtp: false,
  registerUnknown: false,
  map: null,
  mapUrl: null,
  bingKey: null,
  poiLayer: null,
  announcement: null,
  latitude: 0,
  longitude: 0,
  zoom: 0,
  coordinateFormat: null,
  attributes: {},
  openIdEnabled: false,
  openIdForce: false,
  version: 'bench',
};

const executablePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => {
    localStorage.setItem('cookie_consent', JSON.stringify({ necessary: true }));
    localStorage.setItem('access_token', 'bench-token');
  });
  const page = await context.newPage();
  const initial = JSON.stringify(positionsAt(0));
  const bodies = { '/api/server': serverSettings, '/api/session': user, '/api/devices': devices };
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/api/positions') return route.fulfill({ contentType: 'application/json', body: initial });
    if (path in bodies) return route.fulfill({ json: bodies[path] });
    return route.fulfill({ status: 404, json: { message: 'Not mocked' } });
  });
  // No map tiles: the measurement is about markers, not the network.
  await page.route(/tile\.|opentopomap/, (route) => route.fulfill({ status: 204, body: '' }));
  // a real websocket server on the same origin (as the API's /api/socket): frames arrive as they would in
  // production, not through Playwright's page-side WebSocket shim
  let socket;
  const connected = new Promise((resolve) => {
    sockets.once('connection', (ws) => {
      socket = ws;
      resolve();
    });
  });

  await page.goto(`${base}/home`);
  await connected;
  await page.locator('[data-testid^="device-marker-"], .wm-cluster-marker').first().waitFor({ timeout: 30_000 });
  const markers = await page.locator('[data-testid^="device-marker-"]').count();
  const clusters = await page.locator('.wm-cluster-marker').count();
  console.log(`map ready: ${DEVICES} devices, ${markers} markers and ${clusters} clusters in view`);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const settle = () => page.waitForTimeout(1000);

  await settle();
  const idleStart = await taskSeconds();
  await settle();
  const idle = ((await taskSeconds()) - idleStart) * 1000;

  const results = [];
  for (let step = 1; step <= BATCHES; step++) {
    const batch = JSON.stringify({ positions: positionsAt(step) });
    const profiling = values.profile && step === BATCHES;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const before = await taskSeconds();
    socket.send(batch);
    await settle();
    const ms = ((await taskSeconds()) - before) * 1000 - idle;
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(values.profile, JSON.stringify(profile));
    }
    results.push(ms);
    console.log(`batch ${step}: ${ms.toFixed(1)} ms main-thread time for ${DEVICES} position updates`);
  }
  results.sort((a, b) => a - b);
  const median = results[Math.floor(results.length / 2)];
  console.log(
    `median ${median.toFixed(1)} ms (target < ${TARGET_MS} ms, idle baseline ${idle.toFixed(1)} ms/s): ${median < TARGET_MS ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = median < TARGET_MS ? 0 : 1;
} finally {
  await browser.close();
  sockets.close();
  server.close();
}
