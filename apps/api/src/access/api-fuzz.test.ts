import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../testing/factories';
import { storePosition } from '../testing/history';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * Bad input never makes a server error: every operation of the OpenAPI document gets requests generated from
 * its own parameter and body schemas, mixed with the values that used to reach the database unchecked (ids
 * past 32 bits, NUL bytes, non-dates and year 0000, numbers near 1.8e308, JSON nested thousands deep), sent as
 * a platform administrator through app.inject. Any 5xx, or a request slower than SLOW_MS, fails the test.
 * WAYMARK_FUZZ_SEED and WAYMARK_FUZZ_RUNS (requests per operation) make a different or longer run.
 */
const SEED = Number(process.env.WAYMARK_FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.WAYMARK_FUZZ_RUNS ?? 25);
const SLOW_MS = 5_000;

/** Operations that would end the run's own session or second factor: their inputs are checked elsewhere. */
const LEFT_OUT = new Set([
  'DELETE /api/session',
  'POST /api/session/token/revoke',
  'POST /api/users/totp',
  'DELETE /api/users/totp',
  'POST /api/users/totp/verify',
]);

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** JSON nested `depth` levels deep, as arrays or objects. */
const nested = (depth: number, asObject: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
};

/** Values that once reached PostgreSQL or Prisma unchecked. */
const HOSTILE: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  'a\u0000b',
  '0000-01-01T00:00:00Z',
  'not-a-date',
  '',
  nested(3_000, false),
  nested(3_000, true),
  { 'k\u0000': 'v' },
  { a: 'x\u0000y' },
];

const hostile = fc.constantFrom(...HOSTILE);

const DATES = [
  '2026-11-25T12:00:00Z',
  '2026-11-25T12:00:00.000+14:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1969-12-31T23:59:59Z',
  '2026-02-30T00:00:00Z',
  'not-a-date',
  '2026-11-25',
];

function boundaryNumbers(s: Schema, integer: boolean): number[] {
  const out = [0, 1, -1, 2_147_483_647, 2_147_483_648, 1.5, 1e308, -1e308, 9_007_199_254_740_991];
  for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
    if (typeof bound === 'number') out.push(bound, bound - 1, bound + 1);
  }
  return integer ? out : [...out, 1.7976931348623157e308, Number.MIN_VALUE];
}

/**
 * 5xx answers that are the documented state of an outside service, not a fault: geocoding is off in the test
 * server, and `GET /api/server/geocode` says so with 503.
 */
function serviceAnswer(name: string, res: { statusCode: number; body: string }): boolean {
  if (name !== 'GET /api/server/geocode' || res.statusCode !== 503) return false;
  return (JSON.parse(res.body) as { message?: string }).message === 'Reverse geocoding is not enabled';
}

/** An arbitrary for a JSON schema: mostly values it allows, with boundary and hostile values mixed in. */
function arbitrary(schema: Schema | undefined, resolve: (ref: string) => Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostile);
  if (schema.$ref) return arbitrary(resolve(schema.$ref), resolve, depth + 1);
  const choices: fc.Arbitrary<unknown>[] = [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    choices.push(...alternatives.map((s) => arbitrary(s, resolve, depth + 1)));
  } else if (schema.allOf?.length) {
    choices.push(arbitrary(schema.allOf[0], resolve, depth + 1));
  } else if (schema.enum) {
    choices.push(fc.constantFrom(...schema.enum));
  } else if (schema.const !== undefined) {
    choices.push(fc.constant(schema.const));
  } else {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) choices.push(fc.jsonValue({ maxDepth: 3 }));
    for (const type of types) {
      if (type === 'integer' || type === 'number') {
        const integer = type === 'integer';
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
        const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
        const inRange = integer
          ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
          : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true });
        choices.push(inRange, fc.constantFrom(...boundaryNumbers(schema, integer)), fc.integer({ min: 1, max: 5 }));
      } else if (type === 'string') {
        if (schema.format === 'date-time' || schema.format === 'date') {
          choices.push(
            fc.constantFrom(...DATES),
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          );
        } else {
          const max = Math.min(schema.maxLength ?? 64, 300);
          choices.push(
            fc.string({ minLength: schema.minLength ?? 0, maxLength: max }),
            fc.string({ unit: 'binary', maxLength: 20 }),
            fc.constantFrom('a\u0000b', 'x'.repeat(max), 'x'.repeat(max + 1), '1', '2147483648', '\ud800'),
          );
        }
      } else if (type === 'boolean') {
        choices.push(fc.boolean());
      } else if (type === 'null') {
        choices.push(fc.constant(null));
      } else if (type === 'array') {
        const itemArb = arbitrary(schema.items, resolve, depth + 1);
        choices.push(fc.array(itemArb, { maxLength: Math.min(schema.maxItems ?? 4, 4) }));
      } else if (type === 'object') {
        choices.push(objectArbitrary(schema, resolve, depth));
      }
    }
  }
  if (schema.nullable) choices.push(fc.constant(null));
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...choices) },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function objectArbitrary(schema: Schema, resolve: (ref: string) => Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) fields[name] = arbitrary(property, resolve, depth + 1);
  const known = fc.record(fields, { requiredKeys: [...required].filter((k) => k in fields) });
  const extra =
    schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(
          fc.oneof(fc.string({ maxLength: 12 }), fc.constant('k\u0000')),
          typeof schema.additionalProperties === 'object'
            ? arbitrary(schema.additionalProperties, resolve, depth + 1)
            : fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostile),
          { maxKeys: 3 },
        );
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

interface Request {
  method: string;
  url: string;
  query: Record<string, string>;
  body: unknown;
}

/** Requests for one operation: path, query and JSON body from their schemas. */
function requests(method: string, path: string, op: Operation, resolve: (ref: string) => Schema) {
  const params = op.parameters ?? [];
  const pathArbs: Record<string, fc.Arbitrary<unknown>> = {};
  const queryArbs: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const p of params) {
    if (p.in === 'path') pathArbs[p.name] = arbitrary(p.schema, resolve);
    if (p.in === 'query') {
      queryArbs[p.name] = arbitrary(p.schema, resolve);
      if (p.required) requiredQuery.push(p.name);
    }
  }
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      path: fc.record(pathArbs),
      query: fc.record(queryArbs, { requiredKeys: requiredQuery }),
      body: bodySchema ? arbitrary(bodySchema, resolve) : fc.constant(undefined),
    })
    .map(({ path: pathValues, query, body }): Request => {
      let url = path;
      for (const [name, value] of Object.entries(pathValues)) {
        url = url.replace(`{${name}}`, encodeSegment(text(value) || '1'));
      }
      const q: Record<string, string> = {};
      for (const [name, value] of Object.entries(query)) if (value !== undefined) q[name] = text(value);
      return { method, url, query: q, body };
    });
}

/** A path segment percent-encoded; a lone surrogate (not encodable as UTF-8) goes as its raw escape. */
const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

let t: TestApp;
let authorization: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.ctx.db, { administrator: true });
  adminId = admin.id;
  authorization = (await signIn(t.app, admin.email)).authorization;
  // a few rows so that small ids find something
  const device = await t.ctx.db.device.create({ data: { name: 'Fuzz', uniqueId: 'fuzz-1' } });
  await t.ctx.db.group.create({ data: { name: 'Fuzz group' } });
  const time = new Date();
  const position = await storePosition(t.ctx.db, {
    data: {
      deviceId: device.id,
      protocol: 'osmand',
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: 1,
      longitude: 2,
    },
  });
  await t.ctx.db.device.update({
    where: { id: device.id },
    data: { positionId: position.id, positionTime: position.fixTime },
  });
});
afterAll(() => t?.close());

describe('fuzz of every operation in the OpenAPI document', () => {
  it('answers 400 with a message to each reproduction of the fuzz review', async () => {
    const deep = (depth: number) =>
      `{"name":"n","uniqueId":"n3k","attributes":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/devices/2147483648'],
      ['GET', '/api/users?tenantId=2147483648'],
      ['GET', '/api/devices?id=2147483648'],
      [
        'POST',
        '/api/notifications',
        { type: 'deviceOnline', always: true, notificators: 'web', calendarId: 2147483648 },
      ],
      ['PUT', '/api/server', { zoom: 2147483648 }],
      ['GET', '/api/reports/events?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&deviceId=2147483648'],
      ['POST', '/api/devices', { name: 'a\u0000b', uniqueId: 'nul1' }],
      ['POST', '/api/devices', { name: 'n', uniqueId: 'nul2', attributes: { 'k\u0000': 1 } }],
      ['GET', '/api/devices?keyword=a%00b'],
      ['POST', '/api/groups', { name: 'g', attributes: { a: 'x\u0000y' } }],
      [
        'POST',
        '/api/users',
        { name: 'r1', email: 'r1@example.com', password: 'password123', expirationTime: 'not-a-date' },
      ],
      ['POST', '/api/maintenance', { name: 'r2', type: 'totalDistance', start: 1.7976931348623157e308, period: 1000 }],
      ['GET', '/api/positions?deviceId=1&from=0000-01-01T00:00:00Z&to=9999-12-31T23:59:59Z'],
      ['GET', '/api/reports/events?from=0000-01-01T00:00:00Z&to=0000-01-31T00:00:00Z'],
      ['POST', '/api/devices', deep(3_000)],
      ['POST', '/api/devices', deep(9)],
    ];
    for (const [method, url, body] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization, 'content-type': 'application/json' },
        payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message, `${method} ${url}`).toBeTruthy();
    }
  });

  it('answers every generated request without a 5xx and within 5 s', async () => {
    const started = performance.now();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const resolve = (ref: string) => doc.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {};
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    let address = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (LEFT_OUT.has(name) || path.startsWith('/api/docs')) continue;
        operations += 1;
        const samples = fc.sample(requests(method.toUpperCase(), path, op, resolve), {
          seed: SEED + operations,
          numRuns: RUNS,
        });
        for (const request of samples) {
          // the run's own administrator is neither changed nor deleted
          if (/\/users?\/|\/v2\/user\//.test(request.url) && request.url.endsWith(`/${adminId}`)) continue;
          address += 1;
          const before = performance.now();
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            query: request.query,
            headers: { authorization, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: request.body === undefined ? undefined : JSON.stringify(request.body),
            // a fresh address each time: the per-address rate limits are not what this test is about
            remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          });
          const ms = performance.now() - before;
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if ((res.statusCode >= 500 && !serviceAnswer(name, res)) || ms > SLOW_MS) {
            const body = text(request.body);
            failures.push(
              `${res.statusCode} in ${Math.round(ms)} ms: ${name} ${request.url}?${new URLSearchParams(request.query)} ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`,
            );
          }
        }
      }
    }
    const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `api fuzz: seed ${SEED}, ${RUNS} runs per operation, ${operations} operations, ${sent} requests, ` +
        `${failures.length} failures, ${Math.round(performance.now() - started)} ms; statuses ${counts.join(', ')}`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
