import type { PositionMessage } from '@waymark/contracts/bus';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createPool } from '../pg-pool';
import { createPositionPipeline } from '../position-pipeline';
import { defaultPipelineConfig } from '../types';
import { loadStates, pgQuery, readPoints } from './activity.store';
import { activityConfig } from './activity-batches';
import type { Tally } from './activity-types';
import { openSegment } from './detector';
import { hoursOf } from './hours';
import { fold } from './replay';

/**
 * The incremental fold (positions arriving in batches, out of order, late, resent) leaves exactly what one fold
 * of the device's whole stored history in order gives: the same trips and stops, the same open segment, the
 * same hour tallies.
 */
let t: TestApp;
let pool: ReturnType<typeof createPool>;
let handle: ReturnType<typeof createPositionPipeline>;
const config = activityConfig(defaultPipelineConfig);

beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 2);
  handle = createPositionPipeline({
    pool,
    config: defaultPipelineConfig,
    log: pino({ level: 'silent' }),
    registerUnknown: async () => false,
    onStored: () => {},
    now: () => new Date('2026-03-10T00:00:00Z'),
  });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

type Phase =
  | { kind: 'drive'; n: number; step: number; speed: number; halt: number }
  | { kind: 'park'; n: number; step: number; ignition: boolean; fuel: number }
  | { kind: 'gap'; seconds: number };

const phaseArb: fc.Arbitrary<Phase> = fc.oneof(
  fc.record({
    kind: fc.constant('drive' as const),
    n: fc.integer({ min: 2, max: 40 }),
    step: fc.integer({ min: 5, max: 90 }),
    speed: fc.integer({ min: 3, max: 70 }),
    halt: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('park' as const),
    n: fc.integer({ min: 1, max: 25 }),
    step: fc.integer({ min: 10, max: 900 }),
    ignition: fc.boolean(),
    fuel: fc.integer({ min: -30, max: 45 }),
  }),
  fc.record({ kind: fc.constant('gap' as const), seconds: fc.integer({ min: 300, max: 3 * 3600 }) }),
);

interface Fix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
  ignition: boolean;
  fuel: number;
  driver: string | null;
}

function track(phases: Phase[]): Fix[] {
  const fixes: Fix[] = [];
  let time = Date.UTC(2026, 2, 1, 6, 0, 0);
  let lat = 48.85;
  let lon = 2.35;
  let fuel = 60;
  let driver: string | null = null;
  phases.forEach((p, k) => {
    if (p.kind === 'gap') {
      time += p.seconds * 1000;
      return;
    }
    if (p.kind === 'drive') driver = k % 3 === 0 ? null : `D${k % 4}`;
    for (let i = 0; i < p.n; i++) {
      time += p.step * 1000;
      if (p.kind === 'drive') {
        const halted = p.halt > 0 && i % (p.halt + 3) === p.halt;
        const speed = halted ? 0 : p.speed;
        lat += (speed * 0.514 * p.step) / 111_000;
        lon += (speed * 0.2 * p.step) / 111_000;
        fuel = Math.max(0, fuel - 0.002 * speed * (p.step / 10));
        fixes.push({ time, lat, lon, speed, ignition: true, fuel, driver });
      } else {
        fuel = Math.max(0, fuel + p.fuel / p.n);
        fixes.push({ time, lat, lon, speed: 0, ignition: p.ignition, fuel, driver: null });
      }
    }
  });
  return fixes;
}

/** A deterministic shuffle: most positions in order, some moved later by up to 40 places, some sent twice. */
function arrival(fixes: Fix[], seed: number, lateRate: number, resendRate: number): Fix[] {
  let x = seed >>> 0 || 1;
  const rand = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  const keyed = fixes.map((f, i) => ({
    f,
    key: i + (rand() < lateRate ? 1 + Math.floor(rand() * 40) : 0) + rand() / 2,
  }));
  for (const { f } of [...keyed]) if (rand() < resendRate) keyed.push({ f, key: fixes.indexOf(f) + rand() * 60 });
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.f);
}

let seq = 0;
function message(uniqueId: string, f: Fix): PositionMessage {
  const time = new Date(f.time).toISOString();
  const attributes: PositionMessage['attributes'] = { ignition: f.ignition, fuel: Math.round(f.fuel * 100) / 100 };
  if (f.driver) attributes.driverUniqueId = f.driver;
  return {
    protocol: 'osmand',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: f.lat,
    longitude: f.lon,
    altitude: 0,
    speed: f.speed,
    course: 0,
    accuracy: 0,
    network: null,
    attributes,
    serverTime: time,
    nodeId: 'test',
  };
}

const TALLY_KEYS: (keyof Tally)[] = ['distance', 'maxSpeed', 'speedSum', 'positions', 'movingMs', 'idleMs'];
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function expectTally(actual: Record<string, unknown>, expected: Tally, what: string) {
  for (const key of [...TALLY_KEYS, 'engineMs', 'fuelSpent', 'parkedDrop', 'parkedRise'] as (keyof Tally)[]) {
    const a = Number(actual[key]);
    const e = Number(expected[key]);
    if (!close(a, e)) throw new Error(`${what}: ${key} is ${a}, a whole fold gives ${e}`);
  }
}

it('keeps trips, stops and hours equal to a fold of the whole history, whatever the arrival order', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(phaseArb, { minLength: 2, maxLength: 9 }),
      fc.integer(),
      fc.double({ min: 0, max: 0.3, noNaN: true }),
      fc.double({ min: 0, max: 0.1, noNaN: true }),
      fc.integer({ min: 1, max: 15 }),
      async (phases, seed, lateRate, resendRate, batchSize) => {
        const uniqueId = `activity-prop-${run++}`;
        const device = await t.ctx.db.device.create({ data: { name: uniqueId, uniqueId } });
        const sent = arrival(track(phases), seed, lateRate, resendRate);
        for (let i = 0; i < sent.length; i += batchSize) {
          const batch = sent.slice(i, i + batchSize).map((f) => message(uniqueId, f));
          await handle(batch, { ids: batch.map(() => `1772366400000-${seq++}`) });
        }
        const client = await pool.connect();
        try {
          const all = await readPoints(pgQuery(client), device.id, null);
          const whole = fold(null, all, config);
          const { rows } = await client.query(
            `SELECT kind, (EXTRACT(EPOCH FROM "startTime") * 1000)::float8 AS s, (EXTRACT(EPOCH FROM "endTime") * 1000)::float8 AS e,
                    "startPositionId"::int AS "startId", "endPositionId"::int AS "endId", distance, "maxSpeed", "speedSum",
                    positions, "movingMs", "idleMs", "engineMs", "fuelSpent", "parkedDrop", "parkedRise", "driverUniqueId",
                    refuelled, theft
               FROM activity_segments WHERE "deviceId" = $1 ORDER BY "startTime"`,
            [device.id],
          );
          expect(rows.map((r) => [r.kind, Number(r.s), Number(r.e), r.startId, r.endId])).toEqual(
            whole.segments.map((s) => [s.kind, s.start.time, s.end.time, s.start.id, s.end.id]),
          );
          rows.forEach((r, i) => {
            const s = whole.segments[i];
            if (!s) return;
            expectTally(r, s.tally, `segment ${i}`);
            expect(r.driverUniqueId).toBe(s.tally.driver);
            expect([r.refuelled, r.theft]).toEqual([s.refuelled, s.theft]);
          });
          const kept = (await loadStates(pgQuery(client), [device.id])).get(device.id);
          const keptOpen = kept ? openSegment(kept.state, config) : null;
          const wholeOpen = whole.state ? openSegment(whole.state, config) : null;
          expect(keptOpen && [keptOpen.kind, keptOpen.start.id, keptOpen.end.id]).toEqual(
            wholeOpen && [wholeOpen.kind, wholeOpen.start.id, wholeOpen.end.id],
          );
          if (keptOpen && wholeOpen) expectTally({ ...keptOpen.tally }, wholeOpen.tally, 'open segment');
          const hours = await client.query(
            `SELECT (EXTRACT(EPOCH FROM hour) * 1000)::float8 AS h, distance, "maxSpeed", "speedSum", positions, "movingMs",
                    "idleMs", "engineMs", "fuelSpent", "parkedDrop", "parkedRise", "firstOdometer", "lastOdometer"
               FROM activity_hours WHERE "deviceId" = $1 ORDER BY hour`,
            [device.id],
          );
          const expected = [...hoursOf(null, all, config).values()].sort((a, b) => a.hour - b.hour);
          expect(hours.rows.map((r) => Number(r.h))).toEqual(expected.map((h) => h.hour));
          hours.rows.forEach((r, i) => {
            expectTally(r, expected[i] as Tally, `hour ${i}`);
          });
        } finally {
          client.release();
        }
      },
    ),
    { numRuns: 16 },
  );
}, 180_000);
