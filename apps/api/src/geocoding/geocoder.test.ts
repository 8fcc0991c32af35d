import { randomBytes } from 'node:crypto';
import type { TestDatabase } from '@waymark/db/testing/db';
import { createTestDatabase } from '@waymark/db/testing/db';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { StatisticsCounter } from '../statistics/statistics-counter';
import type { GeocoderStandIn } from '../testing/geocoder-stand-in';
import { NOMINATIM_EIFFEL, startGeocoderStandIn } from '../testing/geocoder-stand-in';
import { fillAddresses } from './fill-addresses';
import type { GeocoderOptions } from './geocoder';
import { Geocoder, GeocodingError, roundCoordinate } from './geocoder';
import { geocoderSettings } from './geocoder-settings';

let database: TestDatabase;
let standIn: GeocoderStandIn;
const env = loadEnv({ NODE_ENV: 'test' });
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startGeocoderStandIn();
});
afterAll(async () => {
  await standIn.close();
  await database.drop();
});
beforeEach(async () => {
  standIn.requests.length = 0;
  standIn.answer = () => ({ status: 200, body: NOMINATIM_EIFFEL });
  await database.db.geocodeCache.deleteMany();
});

const geocoder = (options: Partial<GeocoderOptions> = {}) =>
  new Geocoder({ db: database.db, env, log, version: '1.2.3', timeoutMs: 5_000, ...options });
const nominatim = (attributes: Record<string, unknown> = {}) =>
  geocoderSettings(env, { 'geocoder.enable': true, 'geocoder.url': standIn.url, ...attributes });

async function failure(lookup: Promise<unknown>): Promise<GeocodingError> {
  const err = await lookup.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GeocodingError);
  return err as GeocodingError;
}

describe('Nominatim', () => {
  it('asks /reverse in jsonv2 with the address details, naming Waymark and the operator, in the language set', async () => {
    const statistics = new StatisticsCounter();
    const settings = nominatim({ 'geocoder.language': 'fr', 'geocoder.email': 'ops@example.test' });
    const address = await geocoder({ statistics }).address(48.858_37, 2.294_48, { settings, maxWaitMs: 0 });
    expect(address).toBe('5 Avenue Anatole France, Paris, Île-de-France, France, 75007');
    expect(standIn.requests).toHaveLength(1);
    const [req] = standIn.requests;
    expect(req?.path).toBe('/reverse');
    expect(req?.query).toEqual({ format: 'jsonv2', lat: '48.8584', lon: '2.2945', zoom: '18', addressdetails: '1' });
    expect(req?.headers['user-agent']).toBe('Waymark/1.2.3 (ops@example.test)');
    expect(req?.headers['accept-language']).toBe('fr');
    // counted as the day's geocoder requests
    await statistics.flush(database.db);
    expect((await database.db.statistic.findFirstOrThrow()).geocoderRequests).toBe(1);
  });

  it('keeps a URL that already names /reverse, and sends the key of a Nominatim-like service (LocationIQ)', async () => {
    const settings = nominatim({ 'geocoder.url': `${standIn.url}/v1/reverse`, 'geocoder.key': 'pk.123' });
    await geocoder().address(10, 20, { settings, maxWaitMs: 0 });
    expect(standIn.requests.map((r) => [r.path, r.query.key])).toEqual([['/v1/reverse', 'pk.123']]);
    expect(standIn.requests[0]?.headers['user-agent']).toBe('Waymark/1.2.3');
  });

  it('answers null where the service has no address (the sea), and remembers it', async () => {
    standIn.answer = () => ({ status: 200, body: { error: 'Unable to geocode' } });
    const g = geocoder();
    expect(await g.address(0, -30, { settings: nominatim(), maxWaitMs: 0 })).toBeNull();
    expect(await g.address(0, -30, { settings: nominatim(), maxWaitMs: 0 })).toBeNull();
    expect(standIn.requests).toHaveLength(1);
  });

  it('formats with Traccar codes, and falls back to the service line when the format names nothing it has', async () => {
    const g = geocoder();
    expect(await g.address(1, 1, { settings: nominatim({ 'geocoder.format': '%t (%p)' }), maxWaitMs: 0 })).toBe(
      'Paris (75007)',
    );
    expect(await g.address(1, 1, { settings: nominatim({ 'geocoder.format': '%f' }), maxWaitMs: 0 })).toContain(
      'Tour Eiffel, 5, Avenue Anatole France',
    );
    // the format is applied when read: one request for both
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('OpenCage', () => {
  it('asks /geocode/v1/json with q=latitude+longitude, the key and the language', async () => {
    standIn.answer = () => ({
      status: 200,
      body: {
        status: { code: 200, message: 'OK' },
        results: [
          {
            formatted: 'Avenue Anatole France 5, 75007 Paris, France',
            components: {
              house_number: '5',
              road: 'Avenue Anatole France',
              town: 'Paris',
              state: 'Île-de-France',
              postcode: '75007',
              country: 'France',
            },
          },
        ],
      },
    });
    const settings = nominatim({ 'geocoder.type': 'opencage', 'geocoder.key': 'oc-key', 'geocoder.language': 'el' });
    expect(await geocoder().address(-33.868_82, 151.209_29, { settings, maxWaitMs: 0 })).toBe(
      '5 Avenue Anatole France, Paris, Île-de-France, France, 75007',
    );
    const [req] = standIn.requests;
    expect(req?.path).toBe('/geocode/v1/json');
    expect(req?.rawQuery).toBe('q=-33.8688+151.2093&key=oc-key&language=el&no_annotations=1&limit=1');
    expect(req?.headers['user-agent']).toBe('Waymark/1.2.3');
  });

  it('takes an error status in the body for a failure (a bad key), not for "no address"', async () => {
    standIn.answer = () => ({ status: 200, body: { status: { code: 401, message: 'invalid API key' }, results: [] } });
    const settings = nominatim({ 'geocoder.type': 'opencage', 'geocoder.key': 'bad' });
    expect((await failure(geocoder().address(1, 2, { settings, maxWaitMs: 0 }))).reason).toBe('failed');
  });
});

describe('the cache', () => {
  it('keys by coordinates rounded to 4 decimals', () => {
    expect(roundCoordinate(48.858_449)).toBe('48.8584');
    expect(roundCoordinate(48.858_451)).toBe('48.8585');
    expect(roundCoordinate(-0.000_01)).toBe('0');
    expect(roundCoordinate(2.29)).toBe('2.29');
  });

  it('asks once per rounded place: in memory, then in the table other API nodes read', async () => {
    const settings = nominatim({ 'geocoder.rate': 100 });
    const first = geocoder();
    await first.address(48.858_37, 2.294_48, { settings, maxWaitMs: 0 });
    await first.address(48.858_37, 2.294_48, { settings, maxWaitMs: 0 });
    await first.address(48.858_41, 2.294_52, { settings, maxWaitMs: 0 });
    expect(standIn.requests).toHaveLength(1);
    // another API node: nothing in its memory, the shared table answers
    expect(await geocoder().address(48.8584, 2.2945, { settings, maxWaitMs: 0 })).toContain('Paris');
    expect(standIn.requests).toHaveLength(1);
    expect(await database.db.geocodeCache.count()).toBe(1);
    // another cell, or another language, is another request
    await first.address(48.8586, 2.2945, { settings, maxWaitMs: 0 });
    await first.address(48.8584, 2.2945, { settings: { ...settings, language: 'el' }, maxWaitMs: 0 });
    expect(standIn.requests.map((r) => [r.query.lat, r.headers['accept-language'] === 'el'])).toEqual([
      ['48.8584', false],
      ['48.8586', false],
      ['48.8584', true],
    ]);
  });

  it('asks again once the stored answer has expired', async () => {
    const settings = nominatim();
    const days = env.WAYMARK_GEOCODER_CACHE_DAYS;
    let now = Date.now();
    await geocoder({ now: () => now }).address(5, 5, { settings, maxWaitMs: 0 });
    now += days * 86_400_000 + 1;
    await geocoder({ now: () => now }).address(5, 5, { settings, maxWaitMs: 0 });
    expect(standIn.requests).toHaveLength(2);
  });

  it('makes one request for lookups of the same place at the same time', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const original = standIn.answer;
    standIn.answer = async (req) => {
      await held;
      return original(req);
    };
    const g = geocoder();
    const lookups = [1, 2, 3, 4, 5].map(() => g.address(7, 7, { settings: nominatim(), maxWaitMs: 0 }));
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await Promise.all(lookups)).toEqual(
      Array(5).fill('5 Avenue Anatole France, Paris, Île-de-France, France, 75007'),
    );
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('the rate limit', () => {
  it('spaces requests at the provider rate, and gives up at once when the wait would pass the limit', async () => {
    const now = 1_000_000;
    const waits: number[] = [];
    const g = geocoder({ now: () => now, sleep: async (ms) => void waits.push(ms) });
    const settings = nominatim();
    // 1 request a second: three places at once wait 0, 1 and 2 s; a fourth would wait 3 s, past its 2.5 s
    const answers = await Promise.allSettled(
      [11, 12, 13, 14].map((lat) => g.address(lat, 0, { settings, maxWaitMs: 2_500 })),
    );
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(((answers[3] as PromiseRejectedResult).reason as GeocodingError).reason).toBe('busy');
    expect(waits.sort()).toEqual([1000, 2000]);
    expect(standIn.requests).toHaveLength(3);
  });

  it('follows the configured rate (per second), and cache hits take no token', async () => {
    let now = 1_000_000;
    const waits: number[] = [];
    const g = geocoder({
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    const settings = nominatim({ 'geocoder.rate': 4 });
    for (const lat of [21, 22, 23, 24, 25, 21, 22]) await g.address(lat, 0, { settings, maxWaitMs: 10_000 });
    // a burst of 4, then one every 250 ms
    expect(waits).toEqual([250]);
    expect(standIn.requests).toHaveLength(5);
  });

  it('spaces requests for real (measured) at 1 a second by default', async () => {
    const g = geocoder();
    const started = Date.now();
    await Promise.all([31, 32].map((lat) => g.address(lat, 0, { settings: nominatim(), maxWaitMs: 5_000 })));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(standIn.requests).toHaveLength(2);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the rate limit across API nodes (skipped: REDIS_URL not set)', () => {
  it('two nodes on one Redis draw on one budget per provider, under the deployment prefix', async () => {
    const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;
    const shared = loadEnv({ NODE_ENV: 'test', WAYMARK_REDIS_PREFIX: prefix });
    const clients = [new Redis(process.env.REDIS_URL as string), new Redis(process.env.REDIS_URL as string)];
    try {
      await Promise.all(clients.map((c) => c.ping()));
      const [one, two] = clients.map((redis) => geocoder({ env: shared, redis })) as [Geocoder, Geocoder];
      const settings = nominatim();
      // 1 a second between both: the first node takes it, the second finds it spent…
      expect(await one.address(61, 0, { settings, maxWaitMs: 0 })).toContain('Paris');
      expect((await failure(two.address(62, 0, { settings, maxWaitMs: 0 }))).reason).toBe('busy');
      // …and waits for the next slot (measured), as would a third node
      const started = Date.now();
      expect(await two.address(62, 0, { settings, maxWaitMs: 5_000 })).toContain('Paris');
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
      expect(standIn.requests.map((r) => r.query.lat)).toEqual(['61', '62']);
      expect(await clients[0]?.keys(`${prefix}geocoder:rate:*`)).toHaveLength(1);
    } finally {
      const keys = (await clients[0]?.keys(`${prefix}*`)) ?? [];
      if (keys.length > 0) await clients[0]?.del(...keys);
      await Promise.all(clients.map((c) => c.quit()));
    }
  });
});

describe('failures', () => {
  it('a provider error (5xx) fails the lookup, is not cached, and is asked again next time', async () => {
    standIn.answer = () => ({ status: 503, body: { error: 'overloaded' } });
    const g = geocoder();
    expect((await failure(g.address(41, 1, { settings: nominatim(), maxWaitMs: 5_000 }))).reason).toBe('failed');
    standIn.answer = () => ({ status: 200, body: { error: 'Unable to geocode' } });
    expect(await g.address(41, 1, { settings: nominatim(), maxWaitMs: 5_000 })).toBeNull();
    expect(standIn.requests).toHaveLength(2);
  });

  it('a provider that does not answer in time fails the lookup', async () => {
    standIn.answer = () => null;
    const started = Date.now();
    const err = await failure(geocoder({ timeoutMs: 300 }).address(42, 1, { settings: nominatim(), maxWaitMs: 0 }));
    expect(err.reason).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('nothing is asked while geocoding is off (the default)', async () => {
    const err = await failure(geocoder().address(43, 1, { maxWaitMs: 0 }));
    expect([err.reason, err.message]).toEqual(['disabled', 'Reverse geocoding is not enabled']);
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('fillAddresses (reports)', () => {
  const places = (lats: number[]) => {
    const found: Record<number, string> = {};
    return {
      found,
      list: lats.map((latitude) => ({
        latitude,
        longitude: 0,
        fill: (a: string) => {
          found[latitude] = a;
        },
      })),
    };
  };

  it('asks the provider for its time budget only, and fills from the cache past it', async () => {
    await database.db.server.upsert({
      where: { id: 1 },
      create: { id: 1, attributes: { 'geocoder.enable': true, 'geocoder.url': standIn.url } },
      update: { attributes: { 'geocoder.enable': true, 'geocoder.url': standIn.url } },
    });
    const g = geocoder();
    const first = places([51, 52, 53]);
    // 1 a second: the first at once, the second after 1 s, the third would pass the 1.5 s budget (not asked)
    await fillAddresses(g, first.list, { budgetMs: 1_500 });
    expect(Object.keys(first.found).sort()).toEqual(['51', '52']);
    expect(standIn.requests).toHaveLength(2);
    // no budget left: the cached places are still filled
    const again = places([51, 52, 53]);
    await fillAddresses(g, again.list, { budgetMs: -1 });
    expect(Object.keys(again.found).sort()).toEqual(['51', '52']);
    expect(standIn.requests).toHaveLength(2);
  });

  it('does nothing (one read of the settings) while geocoding is off', async () => {
    await database.db.server.update({ where: { id: 1 }, data: { attributes: { 'geocoder.url': standIn.url } } });
    const off = places([54]);
    await fillAddresses(geocoder(), off.list);
    expect(off.found).toEqual({});
    expect(standIn.requests).toHaveLength(0);
  });
});
