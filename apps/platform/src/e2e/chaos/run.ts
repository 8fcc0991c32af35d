import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { seed, upsertAdmin } from '@waymark/api/runtime/bootstrap';
import { migrate } from '@waymark/api/runtime/database';
import { startRedisServer } from '@waymark/bus/testing/redis-server';
import { createDb } from '@waymark/db/client';
import { imeiOf } from '@waymark/ingest/simulator/simulation';
import type { FleetStats } from '@waymark/ingest/testing/resending-trackers';
import { startTrackerFleet } from '@waymark/ingest/testing/resending-trackers';
import { type ChaosCounts, checkRun, failures } from './checks';
import { type ClusterProcess, clusterProcess, freePort, startChaosDatabase, workDir } from './cluster';
import { drain } from './drain';
import { type LiveClientStats, startLiveClient, startWebhookSink } from './observers';

export interface ChaosOptions {
  /** simulated trackers, half GT06 and half Teltonika, spread over both ingests */
  trackers: number;
  /** time between two reports of one tracker, ms */
  intervalMs: number;
  /** load before the first blow, and between two blows, ms */
  warmupMs: number;
  gapMs: number;
  /** a killed process is started again after this long, ms */
  restartAfterMs: number;
  /** Redis stays down this long, ms */
  redisDownMs: number;
  /** PostgreSQL stays frozen this long, ms */
  pauseMs: number;
  /** longest wait for the pipeline and the notifications to catch up at the end, ms */
  drainTimeoutMs: number;
  /** every n-th report of a tracker raises an SOS alarm (an event with a notification rule) */
  alarmEvery: number;
  /** keep the work directory (database, logs) */
  keep?: boolean;
}

/** `pnpm chaos`: the size of issue 11's scale-out test. */
export const FULL_RUN: ChaosOptions = {
  trackers: 1000,
  intervalMs: 1000,
  warmupMs: 15_000,
  gapMs: 10_000,
  restartAfterMs: 5000,
  redisDownMs: 3000,
  pauseMs: 30_000,
  drainTimeoutMs: 240_000,
  alarmEvery: 10,
};

/** The same steps, small and quick: what `pnpm test` runs. */
export const SHORT_RUN: ChaosOptions = {
  trackers: 40,
  intervalMs: 500,
  warmupMs: 3000,
  gapMs: 2500,
  restartAfterMs: 1000,
  redisDownMs: 1000,
  pauseMs: 3000,
  drainTimeoutMs: 90_000,
  alarmEvery: 5,
};

export interface ChaosResult {
  counts: ChaosCounts;
  fleet: FleetStats;
  live: LiveClientStats;
  /** what fails the run (empty: it passes) */
  failures: string[];
}

const ADMIN = { email: 'chaos@waymark.local', password: 'Chaos-password-1' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const n = (value: number) => value.toLocaleString('en');

/**
 * Issue 11 part 5: 2 API and 2 ingest processes on one PostgreSQL and one Redis (both the run's own), trackers
 * that resend what was not acknowledged, a websocket client; under load it kills one API and one ingest with
 * SIGKILL (each started again), kills and restarts Redis, freezes PostgreSQL; then checks every device's stored
 * positions, events and notifications against what the trackers were told was received. Prints each step and the
 * counts through `say`.
 */
export async function runChaos(o: ChaosOptions, say: (line: string) => void): Promise<ChaosResult> {
  const work = workDir();
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const t0 = Date.now();
  const step = (text: string) => say(`+${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${text}`);
  try {
    const database = await startChaosDatabase(join(work.path, 'pg'));
    cleanups.push(() => database.stop());
    const redis = await startRedisServer();
    cleanups.push(() => (o.keep ? redis.stop() : redis.dispose()));
    if (o.keep) say(`redis-server directory (kept): ${redis.dir}`);
    const sink = await startWebhookSink();
    cleanups.push(() => sink.close());
    step(
      `PostgreSQL (own, pid ${database.postmaster()}) and redis-server (own, port ${redis.port}, appendfsync always)`,
    );

    const [api1Port, api2Port, aGt06, aTeltonika, bGt06, bTeltonika] = await Promise.all(
      Array.from({ length: 6 }, () => freePort()),
    );
    const common = { DATABASE_URL: database.url, REDIS_URL: redis.url };
    // one signing key for both APIs: a token from one is good on the other
    const jwtSecret = randomBytes(24).toString('hex');
    const api = (name: string, port: number) =>
      clusterProcess(
        name,
        ['apps/platform/src/cli/main.ts', 'serve-api'],
        {
          ...common,
          PORT: String(port),
          HOST: '127.0.0.1',
          WAYMARK_LOG_LEVEL: o.keep ? 'info' : 'warn',
          WAYMARK_WEB_DIR: '/nonexistent',
          WAYMARK_JWT_SECRET: jwtSecret,
          WAYMARK_WEBHOOK_ALLOW_PRIVATE: 'true',
        },
        /ready in/,
        work.path,
      );
    const ingest = (name: string, gt06: number, teltonika: number) =>
      clusterProcess(
        name,
        ['apps/ingest/src/main.ts'],
        {
          ...common,
          WAYMARK_LOG_LEVEL: 'info',
          WAYMARK_NODE_ID: name,
          WAYMARK_PROTOCOLS: 'gt06,teltonika',
          WAYMARK_PORT_GT06: String(gt06),
          WAYMARK_PORT_TELTONIKA: String(teltonika),
          WAYMARK_INGEST_HOST: '127.0.0.1',
          WAYMARK_INGEST_MAX_CONNECTIONS_PER_ADDRESS: '0',
        },
        /listening/,
        work.path,
      );
    const api1 = api('api-1', api1Port as number);
    const api2 = api('api-2', api2Port as number);
    const ingestA = ingest('ingest-a', aGt06 as number, aTeltonika as number);
    const ingestB = ingest('ingest-b', bGt06 as number, bTeltonika as number);
    const processes: ClusterProcess[] = [api1, api2, ingestA, ingestB];
    cleanups.push(() => Promise.all(processes.map((p) => p.stop())));

    // the schema, the administrator, the devices and the rule first: then the four processes start side by side
    await migrate(database.url);
    const db = createDb(database.url, { poolSize: 2 });
    cleanups.push(() => db.$disconnect());
    await seed(db);
    await upsertAdmin(db, ADMIN.email, ADMIN.password);
    const trackers = Array.from({ length: o.trackers }, (_, i) => {
      const protocol = i % 2 === 0 ? ('gt06' as const) : ('teltonika' as const);
      const ports = protocol === 'gt06' ? [aGt06, bGt06] : [aTeltonika, bTeltonika];
      // half of each protocol at home on each ingest
      const home = Math.floor(i / 2) % 2;
      return {
        uniqueId: imeiOf('3520997', i),
        protocol,
        ports: [ports[home], ports[1 - home]] as number[],
      };
    });
    await db.device.createMany({
      data: trackers.map((t, i) => ({ uniqueId: t.uniqueId, name: `Chaos ${t.protocol} ${i}` })),
    });
    // platform stock devices: the platform's rules and users; the administrator is notified of every SOS
    await db.notification.create({
      data: { type: 'alarm', always: true, channels: ['webhook'], attributes: { webhookUrl: sink.url } },
    });
    await Promise.all(processes.map((p) => p.start()));
    step(
      `2 API (ports ${api1Port}, ${api2Port}) and 2 ingest processes (GT06 ${aGt06}/${bGt06}, Teltonika ${aTeltonika}/${bTeltonika}) ready`,
    );

    const live = await startLiveClient([api1Port as number, api2Port as number], ADMIN);
    cleanups.push(() => live.close());
    const fleet = startTrackerFleet({
      trackers,
      intervalMs: o.intervalMs,
      firstFix: Math.floor((Date.now() - 120_000) / 1000) * 1000,
      alarmEvery: o.alarmEvery,
      timeoutMs: 10_000,
    });
    cleanups.push(() => fleet.stop());
    const rate = (o.trackers * 1000) / o.intervalMs;
    step(
      `${n(o.trackers)} trackers (GT06 and Teltonika, TCP) reporting, ${n(rate)} positions/s; websocket client on api-1`,
    );
    await sleep(o.warmupMs);

    // a killed process is started again in the background (as a supervisor would), while the load goes on
    const restarts: Promise<void>[] = [];
    const restartLater = async (p: ClusterProcess) => {
      await sleep(o.restartAfterMs);
      step(`${p.name} starting again`);
      restarts.push(p.start().then(() => step(`${p.name} ready again (pid ${p.pid()})`)));
    };
    step(`kill -9 api-1 (pid ${api1.pid()}) — the websocket client's API; acked so far ${n(fleet.stats().acked)}`);
    await api1.kill();
    live.markFailover();
    await restartLater(api1);
    await sleep(o.gapMs);

    step(`kill -9 ingest-a (pid ${ingestA.pid()}) — its trackers reconnect to ingest-b and resend`);
    await ingestA.kill();
    await restartLater(ingestA);
    await sleep(o.gapMs);

    step(`kill -9 redis-server (pid ${redis.pid()})`);
    const killedAt = Date.now();
    await redis.stop('SIGKILL');
    await sleep(o.redisDownMs);
    step(
      `redis-server starting again after ${o.redisDownMs / 1000} s (it answers once its append-only file is loaded)`,
    );
    await redis.start();
    step(`redis-server ready again (pid ${redis.pid()}): down ${((Date.now() - killedAt) / 1000).toFixed(1)} s in all`);
    await sleep(o.gapMs);

    const frozen = database.pause();
    step(`PostgreSQL paused: SIGSTOP to the postmaster and ${frozen - 1} backends, for ${o.pauseMs / 1000} s`);
    await sleep(o.pauseMs);
    database.resume();
    step('PostgreSQL resumed (SIGCONT)');
    await sleep(o.gapMs);

    await Promise.all(restarts);
    await fleet.stop();
    const fleetStats = fleet.stats();
    step(`trackers stopped: ${n(fleetStats.acked)} reports acknowledged`);
    const drained = await drain(db, redis.url, sink.received, o.drainTimeoutMs);
    step(
      drained
        ? 'pipeline and notifications caught up'
        : `still catching up after ${o.drainTimeoutMs / 1000} s: checking anyway`,
    );
    const counts = await checkRun(db, fleet.records, sink.received);
    const liveStats = live.stats();
    const found = failures(counts);
    if (liveStats.framesAfterFailover === 0) found.push('the websocket client received nothing after its API died');
    report(say, counts, fleetStats, liveStats, found);
    return { counts, fleet: fleetStats, live: liveStats, failures: found };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // best effort: the rest still stops
      }
    }
    if (o.keep) say(`work directory kept: ${work.path}`);
    else work.dispose();
  }
}

function report(say: (line: string) => void, c: ChaosCounts, f: FleetStats, l: LiveClientStats, found: string[]) {
  say('');
  say(
    `trackers:      ${n(c.acked)} positions acknowledged; ${n(f.failures)} sends failed and were repeated; ${n(f.reconnects)} reconnections`,
  );
  say(
    `positions:     ${n(c.stored)} stored; lost (acked, not stored) ${n(c.lost)}; doubled ${n(c.doubled)}; out of fix-time order ${n(c.outOfOrder)}; stored without an ack (in flight at a crash or at the end) ${n(c.storedUnacked)}`,
  );
  say(
    `events:        ${n(c.alarmEvents)} alarm events for ${n(c.alarmPositions)} stored SOS positions (missing ${n(c.alarmEventsMissing)}); duplicated events ${n(c.duplicateEvents)}${c.duplicateEvents > 0 ? ` (${JSON.stringify(c.duplicateEventTypes)})` : ''}`,
  );
  say(
    `notifications: ${n(c.deliveries)} webhook deliveries (${n(c.deliveriesSent)} sent, ${n(c.deliveriesLeased)} held by the lease of a killed API), ${n(c.webhookPosts)} posts received; alarm events without a delivery ${n(c.notificationsMissing)}; delivered more than once ${n(c.notificationsDoubled)}`,
  );
  say(
    `websocket:     ${n(l.frames)} frames (${n(l.positions)} positions), ${n(l.reconnects)} reconnections, ${n(l.framesAfterFailover)} frames after its API was killed`,
  );
  if (c.devicesWithFindings.length > 0)
    say(
      `devices with findings: ${c.devicesWithFindings.slice(0, 20).join(', ')}${c.devicesWithFindings.length > 20 ? ', …' : ''}`,
    );
  say(found.length === 0 ? 'result: PASS' : `result: FAIL — ${found.join('; ')}`);
}
