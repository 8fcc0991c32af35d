import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { positionMessageSchema } from '@waymark/contracts/bus';
import { checkedPosition, fastCheckEnabled } from '@waymark/contracts/position-check';
import { describe, expect, it } from 'vitest';
import type { DecodedPosition, SessionView } from '../protocols/protocol.types';
import { protocolRegistry } from '../protocols/registry';
import { httpFrameOf, loadVectors, TRACCAR_FROZEN_NOW } from '../testing/traccar-vectors';
import { frameOf } from '../testing/vector-score';

const SERVER_TIME = '2026-08-22T00:00:00.000Z';

/** Every position the registered decoders give for their fixture vectors. */
function decodedFixtures(): { protocol: string; position: DecodedPosition }[] {
  const out: { protocol: string; position: DecodedPosition }[] = [];
  for (const def of protocolRegistry.values()) {
    const file = fileURLToPath(new URL(`../../fixtures/traccar-vectors/${def.name}.jsonl`, import.meta.url));
    if (!existsSync(file)) continue;
    const sessions = new Map<string, { uniqueId: string | null; state: Record<string, unknown> }>();
    for (const vector of loadVectors(def.name) as ReturnType<typeof loadVectors>) {
      const key = `${vector.test}|${(vector as { instance?: number }).instance ?? 0}`;
      const s = sessions.get(key) ?? { uniqueId: null, state: {} };
      sessions.set(key, s);
      const session: SessionView = {
        protocol: def.name,
        transport: vector.kind === 'http' ? 'http' : 'tcp',
        remoteAddress: '127.0.0.1:5000',
        uniqueId: s.uniqueId,
        state: s.state,
        receivedAt: TRACCAR_FROZEN_NOW,
      };
      try {
        const result =
          def.kind === 'http' ? def.decoder(httpFrameOf(vector), session) : def.decoder(frameOf(vector), session);
        if (result.uniqueId) s.uniqueId = result.uniqueId;
        if (result.state) s.state = result.state;
        for (const position of result.messages) out.push({ protocol: def.name, position });
      } catch {
        // malformed on purpose
      }
    }
  }
  return out;
}

/** The fast check never accepts what zod rejects, and when it accepts it gives exactly zod's output. */
function expectSameAsZod(position: unknown, label: string, uniqueId = '356307042441013', nodeId = 'node-1') {
  const fast = checkedPosition(position as DecodedPosition, 'test', uniqueId, SERVER_TIME, nodeId);
  const zod = positionMessageSchema.safeParse({
    ...(position as object),
    protocol: 'test',
    uniqueId,
    serverTime: SERVER_TIME,
    nodeId,
  });
  if (fast === undefined) return zod.success;
  expect(zod.success, `${label}: the fast check accepted what zod rejects`).toBe(true);
  expect(fast, label).toStrictEqual(zod.data);
  expect(JSON.stringify(fast), `${label} (key order)`).toBe(JSON.stringify(zod.data));
  return true;
}

const base = (): Record<string, unknown> => ({
  deviceTime: '2025-06-15T13:45:12.862Z',
  fixTime: '2025-06-15T13:45:12.000Z',
  outdated: false,
  valid: true,
  latitude: 48.8566,
  longitude: 2.3522,
  altitude: 35,
  speed: 12.5,
  course: 270,
  accuracy: 0,
  network: null,
  attributes: { sat: 9, ignition: true, io: 'x', none: null },
});

const tower = { radioType: 'gsm', mobileCountryCode: 208, mobileNetworkCode: 1, locationAreaCode: 100, cellId: 4321 };
const network = {
  radioType: 'gsm',
  considerIp: false,
  cellTowers: [tower, { ...tower, radioType: undefined, signalStrength: -70 }],
  wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -50, channel: 6 }],
};

/** Values of each field around its limits, valid and not. */
const variations: Record<string, unknown[]> = {
  deviceTime: [
    null,
    undefined,
    '2025-06-15T13:45:12Z',
    '2024-02-29T00:00:00.1Z',
    '2023-02-29T00:00:00Z',
    '2025-06-15T13:45:12.862+02:00',
    '2025-06-15 13:45:12Z',
    '+275760-09-13T00:00:00.000Z',
    '2025-13-01T00:00:00Z',
    '2025-06-15T24:00:00Z',
    '',
    0,
    new Date(0),
  ],
  fixTime: [null, '1970-01-01T00:00:00.000Z', '0000-01-01T00:00:00Z', '2025-06-31T00:00:00Z', 'x'],
  outdated: [true, 0, null, 'false'],
  valid: [false, 1, undefined],
  latitude: [-90, 90, 90.0000001, -90.1, Number.NaN, Number.POSITIVE_INFINITY, -0, '1', null],
  longitude: [-180, 180, 180.5, -181, Number.NaN],
  altitude: [-1e9, 1e300, Number.NaN, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, null],
  speed: [0, -0, -0.0001, Number.MAX_VALUE, Number.POSITIVE_INFINITY, Number.NaN],
  course: [0, 360, 360.01, -1, Number.NaN],
  accuracy: [0, 5.5, -1, Number.POSITIVE_INFINITY],
  network: [
    undefined,
    network,
    { radioType: 'gsm', considerIp: true },
    { radioType: 'lte', considerIp: false, cellTowers: undefined, wifiAccessPoints: undefined },
    { ...network, extra: 1 },
    { ...network, cellTowers: [{ ...tower, extra: 'x' }] },
    { ...network, cellTowers: [{ ...tower, radioType: 'umts' }] },
    { ...network, cellTowers: [{ ...tower, cellId: 268435455 }] },
    { ...network, cellTowers: [{ ...tower, cellId: 268435456 }] },
    { ...network, cellTowers: [{ ...tower, cellId: 2 ** 36 - 1 }] },
    { ...network, cellTowers: [{ ...tower, cellId: 2 ** 36 }] },
    { ...network, cellTowers: [{ ...tower, cellId: 1.5 }] },
    { ...network, cellTowers: [{ ...tower, mobileCountryCode: 999 }] },
    { ...network, cellTowers: [{ ...tower, mobileCountryCode: 1000 }] },
    { ...network, cellTowers: [{ ...tower, mobileNetworkCode: -1 }] },
    { ...network, cellTowers: [{ ...tower, locationAreaCode: 65535 }] },
    { ...network, cellTowers: [{ ...tower, locationAreaCode: 65536 }] },
    { ...network, cellTowers: [{ ...tower, signalStrength: Number.NaN }] },
    { ...network, cellTowers: [{ ...tower, signalStrength: undefined }] },
    { ...network, cellTowers: [] },
    { ...network, cellTowers: {} },
    { ...network, cellTowers: [null] },
    // biome-ignore lint/suspicious/noSparseArray: a hole
    { ...network, cellTowers: [, tower] },
    { ...network, wifiAccessPoints: [{ macAddress: 'AA:BB:CC:DD:EE:FF' }] },
    { ...network, wifiAccessPoints: [{ macAddress: 'aa-bb-cc-dd-ee-ff' }] },
    { ...network, wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', channel: 1.5 }] },
    { ...network, wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', channel: 2 ** 53 }] },
    {
      ...network,
      wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', channel: undefined, signalStrength: undefined }],
    },
    { ...network, radioType: 1 },
    { ...network, considerIp: 'no' },
    [],
    'gsm',
  ],
  attributes: [
    {},
    { a: Number.NaN },
    { a: Number.POSITIVE_INFINITY },
    { a: undefined },
    { a: [1] },
    { a: { b: 1 } },
    { a: 1n },
    { '2': 'two', '1': 'one', b: true },
    { [Symbol('s')]: 1 },
    JSON.parse('{"__proto__": 1}'),
    JSON.parse('{"__proto__": null, "a": 1}'),
    Object.create({ inherited: 1 }),
    Object.assign(Object.create(null), { a: 1 }),
    [],
    null,
    undefined,
  ],
  extra: [1, 'x'],
  uniqueId: ['ignored: the transport sets it'],
};

describe('checkedPosition (the hand-written position check)', () => {
  it('is on for the current contract', () => {
    expect(fastCheckEnabled).toBe(true);
  });

  it("gives zod's output for every position the decoders give for their fixtures, and takes the valid ones", () => {
    const fixtures = decodedFixtures();
    expect(fixtures.length).toBeGreaterThan(300);
    let valid = 0;
    let fast = 0;
    for (const [i, { protocol, position }] of fixtures.entries()) {
      if (expectSameAsZod(position, `${protocol} #${i}`)) valid += 1;
      if (checkedPosition(position, 'test', '1', SERVER_TIME, 'n')) fast += 1;
    }
    // the fast path is the common path: it takes every valid position of the fixtures
    expect(fast).toBe(valid);
  });

  it('agrees with zod at the limits of every constraint and on what zod strips or refuses', () => {
    for (const [field, values] of Object.entries(variations)) {
      for (const [i, value] of values.entries()) {
        expectSameAsZod({ ...base(), [field]: value }, `${field} #${i}`);
      }
    }
    const { network: _, ...withoutNetwork } = base();
    expectSameAsZod(withoutNetwork, 'no network key');
    expectSameAsZod(Object.assign(Object.create({ inherited: 1 }), base()), 'not a plain object');
    for (const id of ['', 'x'.repeat(128), 'x'.repeat(129)]) {
      expectSameAsZod(base(), `uniqueId ${id.length}`, id);
      expectSameAsZod(base(), `nodeId ${id.length}`, '1', id);
    }
    expect(checkedPosition(base() as DecodedPosition, '', '1', SERVER_TIME, 'n')).toBeUndefined();
    expect(checkedPosition(base() as DecodedPosition, 'test', '1', '2025-06-15T13:45:12+00:00', 'n')).toBeUndefined();
  });

  it('copies the attributes and network (the output shares nothing mutable with the decoder)', () => {
    const position = { ...base(), network } as unknown as DecodedPosition;
    const checked = checkedPosition(position, 'test', '1', SERVER_TIME, 'n');
    expect(checked).toBeDefined();
    expect(checked?.attributes).not.toBe(position.attributes);
    expect(checked?.network).not.toBe(position.network);
    expect(checked?.network?.cellTowers?.[0]).not.toBe(network.cellTowers[0]);
  });
});
