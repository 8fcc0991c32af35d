import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Network, PositionFix } from '@waymark/contracts/position';
import { expect } from 'vitest';
import type { DecodedPosition, HttpRequestFrame, SessionView } from '../protocols/protocol.types';

/** One line of a shared vector file (see fixtures/traccar-vectors/README.md). */
export interface TraccarVector {
  protocol: string;
  index: number;
  kind: 'binary' | 'text' | 'http' | 'mqtt';
  payload: string;
  test: string;
  seq: number;
  http?: { method: string; uri: string; headers?: Record<string, string>; body?: string; body_hex?: string };
  traccar: {
    result: 'null' | 'position' | 'positions' | 'error';
    positions: TraccarPosition[];
    uniqueIds: string[];
    clockDependent: boolean;
  };
}

/** A position as Traccar decoded it: the contract's decoded fix, its attributes as Traccar's JSON has them. */
export type TraccarPosition = Omit<PositionFix, 'attributes'> & { attributes: Record<string, unknown> };

/** The clock Traccar's run was frozen at for clock-dependent vectors. */
export const TRACCAR_FROZEN_NOW = new Date('2026-08-22T00:00:00.000Z');

const vectorsDir = fileURLToPath(new URL('../../fixtures/traccar-vectors/', import.meta.url));

export function loadVectors(protocol: string): TraccarVector[] {
  return readFileSync(`${vectorsDir}${protocol}.jsonl`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraccarVector);
}

export function httpFrameOf(vector: TraccarVector): HttpRequestFrame {
  const http = vector.http;
  if (!http) throw new Error(`vector ${vector.index} is not an HTTP request`);
  const headers = Object.fromEntries(Object.entries(http.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const body = http.body_hex ? Buffer.from(http.body_hex, 'hex') : Buffer.from(http.body ?? '', 'utf8');
  return { method: http.method, url: http.uri, headers, body };
}

export function testSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    protocol: 'test',
    transport: 'tcp',
    remoteAddress: '127.0.0.1:5000',
    uniqueId: null,
    state: {},
    receivedAt: TRACCAR_FROZEN_NOW,
    ...overrides,
  };
}

/** Asserts a decoded position equals what Traccar decoded (location within 0.00001°, lists as sets). */
export function expectSameAsTraccar(actual: DecodedPosition, expected: TraccarPosition, label: string): void {
  expect({ deviceTime: actual.deviceTime, fixTime: actual.fixTime }, label).toEqual({
    deviceTime: expected.deviceTime,
    fixTime: expected.fixTime,
  });
  expect({ outdated: actual.outdated, valid: actual.valid }, label).toEqual({
    outdated: expected.outdated,
    valid: expected.valid,
  });
  for (const field of ['latitude', 'longitude'] as const) {
    expect(Math.abs(actual[field] - expected[field]), `${label} ${field}`).toBeLessThan(0.00001);
  }
  for (const field of ['altitude', 'speed', 'course', 'accuracy'] as const) {
    expect(actual[field], `${label} ${field}`).toBeCloseTo(expected[field], 4);
  }
  expect(normalizeNetwork(actual.network), `${label} network`).toEqual(normalizeNetwork(expected.network));
  expect(actual.attributes, `${label} attributes`).toEqual(expected.attributes);
}

function normalizeNetwork(network: Network | null): unknown {
  if (!network) return null;
  const stable = (x: object) =>
    JSON.stringify(Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))));
  const sorted = (list: object[] | undefined) => (list ?? []).map(stable).sort();
  return {
    radioType: network.radioType,
    considerIp: network.considerIp,
    cellTowers: sorted(network.cellTowers),
    wifiAccessPoints: sorted(network.wifiAccessPoints),
  };
}
