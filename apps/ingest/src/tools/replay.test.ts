import { readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolRegistry } from '../protocols/registry';
import type { TraccarVector } from '../testing/traccar-vectors';
import { loadVectors } from '../testing/traccar-vectors';
import { comparePositions, sameValue, scoreProtocol } from '../testing/vector-score';
import { parseHttpRequest } from './raw-frame';
import type { ReplayOutput } from './replay';
import { replay } from './replay';
import { keepConsoleOffStdout } from './tool-io';

type Vector = TraccarVector & { source?: string; instance?: number; decoder_args?: unknown[]; disabled?: boolean };

/** A vector file as replay lines: one connection per Traccar test method (as the score harness groups them). */
function replayLinesOf(vectors: readonly Vector[]): string[] {
  return vectors.map((v) => {
    // decoder_args[0] true is Traccar's "connectionless" flag, except for a protocol without UDP (xexun: its
    // "full format" flag)
    const transports = (protocolRegistry.get(v.protocol)?.transports ?? []) as readonly string[];
    // a UDP-only protocol (calamp) replays over UDP
    const udp = transports.includes('udp') && (v.decoder_args?.[0] === true || !transports.includes('tcp'));
    return JSON.stringify({
      protocol: v.protocol,
      kind: v.kind,
      payload: v.payload,
      connection: `${v.source ?? ''}|${v.test}|${v.instance ?? 0}`,
      ...(v.kind !== 'http' ? { transport: udp ? 'udp' : 'tcp' } : {}),
    });
  });
}

async function replayAll(lines: string[]): Promise<ReplayOutput[]> {
  const out: string[] = [];
  await replay(lines, (line) => void out.push(line));
  expect(out).toHaveLength(lines.length);
  return out.map((line) => JSON.parse(line) as ReplayOutput);
}

/** Why a replayed line differs from Traccar's positions (and, unless told not to, attributes), or null. */
function differs(output: ReplayOutput, vector: Vector, attributes = true): string | null {
  if ('error' in output) return `error: ${output.error}`;
  const expected = vector.traccar.positions;
  const decoded = output.positions.map(({ uniqueId: _, ...p }) => p);
  const reason = comparePositions(decoded, expected, vector.traccar.clockDependent);
  if (reason || !attributes) return reason;
  for (const [i, e] of expected.entries()) {
    const ours = output.positions[i]?.attributes as Record<string, unknown>;
    for (const [key, value] of Object.entries(e.attributes)) {
      if (!sameValue(ours[key], value)) return `#${i} attribute ${key}`;
    }
  }
  return null;
}

describe('replay of the Traccar vectors', () => {
  const files = readdirSync(fileURLToPath(new URL('../../fixtures/traccar-vectors/', import.meta.url)));
  for (const protocol of files.filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -'.jsonl'.length))) {
    const definition = protocolRegistry.get(protocol);
    const skipped = definition ? '' : ` (skipped: ${protocol} is not in the registry yet)`;
    it.skipIf(!definition)(
      `${protocol}: replayed lines match Traccar's output as the decoder does${skipped}`,
      async () => {
        const vectors = loadVectors(protocol) as Vector[];
        const outputs = await replayAll(replayLinesOf(vectors));
        // The decoder's own score (frozen clock, no device settings: replay has none) says which vectors it
        // matches; replay (real clock) must match those.
        const score = scoreProtocol(definition!, vectors, { deviceSettings: false });
        const attributeOnly = (reason: string) => reason.startsWith('attribute');
        const scoredMismatch = new Set(score.mismatches.filter((m) => !attributeOnly(m.reason)).map((m) => m.index));
        const attributeMismatch = new Set(score.mismatches.filter((m) => attributeOnly(m.reason)).map((m) => m.index));
        let compared = 0;
        for (const [i, vector] of vectors.entries()) {
          if (vector.disabled || vector.traccar.result === 'error' || scoredMismatch.has(vector.index)) continue;
          // a vector whose attributes differ on purpose is still held to Traccar's positions
          const withAttributes = !attributeMismatch.has(vector.index);
          expect(
            differs(outputs[i] as ReplayOutput, vector, withAttributes),
            `${protocol} vector ${vector.index}`,
          ).toBeNull();
          compared += 1;
        }
        expect(compared).toBeGreaterThan(vectors.length / 2);
      },
    );
  }

  it('osmand: every vector matches Traccar', async () => {
    const vectors = loadVectors('osmand') as Vector[];
    const outputs = await replayAll(replayLinesOf(vectors));
    for (const [i, vector] of vectors.entries()) {
      expect(differs(outputs[i] as ReplayOutput, vector), `osmand vector ${vector.index}`).toBeNull();
    }
    // Each position names the device Traccar identified for its message.
    for (const [i, vector] of vectors.entries()) {
      const output = outputs[i] as { positions: { uniqueId: string }[] };
      for (const p of output.positions) expect(p.uniqueId).toBe(vector.traccar.uniqueIds.at(-1));
    }
    expect((outputs[0] as { ack: string | null }).ack).toBeNull(); // 200 without a body
  });
});

describe('replay', () => {
  const gt06 = protocolRegistry.has('gt06');
  const login = '78780d01086471700328358100093f040d0a'; // vector 1
  const location = '78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a'; // vector 145

  it('reports a bad line as {"error"} and keeps going', async () => {
    const lines = [
      'not json',
      '',
      JSON.stringify({ protocol: 'nope', kind: 'binary', payload: '00' }),
      JSON.stringify({ protocol: 'osmand', kind: 'binary', payload: '00' }),
      JSON.stringify({ protocol: 'osmand', kind: 'http', payload: 'GET /?id=1&lat=91&lon=0 HTTP/1.1\r\n\r\n' }),
      JSON.stringify({ protocol: 'osmand', kind: 'http' }),
      JSON.stringify({ protocol: 'osmand', kind: 'http', payload: 'GET /?id=7&lat=1.5&lon=2.5 HTTP/1.1\r\n\r\n' }),
    ];
    const outputs = await replayAll(lines);
    expect(outputs.slice(0, 6).every((o) => 'error' in o)).toBe(true);
    expect(outputs[0]).toEqual({ error: 'not JSON' });
    expect(outputs[1]).toEqual({ error: 'empty line' });
    expect((outputs[2] as { error: string }).error).toMatch(/unknown protocol "nope" \(available: .*osmand/);
    expect((outputs[4] as { error: string }).error).toBe('coordinates out of range');
    expect(outputs[6]).toMatchObject({ positions: [{ uniqueId: '7', latitude: 1.5, longitude: 2.5 }], ack: null });
  });

  const why = gt06 ? '' : ' (skipped: gt06 is not in the registry yet)';
  it.skipIf(!gt06)(`gt06: a connection carries the device from its login; another does not${why}`, async () => {
    const line = (payload: string, connection: string) =>
      JSON.stringify({ protocol: 'gt06', kind: 'binary', payload, connection });
    const outputs = await replayAll([line(login, 'a'), line(location, 'a'), line(location, 'b'), '{"protocol":"gt06"']);
    expect(outputs[0]).toMatchObject({ positions: [], ack: expect.stringMatching(/^787805010009[0-9a-f]{4}0d0a$/) });
    const located = outputs[1] as { positions: { uniqueId: string; latitude: number }[]; ack: string };
    expect(located.positions).toHaveLength(1);
    expect(located.positions[0]).toMatchObject({ uniqueId: '864717003283581', latitude: 23.111668333333334 });
    expect(located.ack).toMatch(/^787805120003[0-9a-f]{4}0d0a$/);
    expect(outputs[2]).toEqual({ positions: [], ack: null });
    expect(outputs[3]).toEqual({ error: 'not JSON' });
  });
});

describe('parseHttpRequest', () => {
  it('reads the request line, lower-cases headers and cuts the body at Content-Length', () => {
    const frame = parseHttpRequest(
      Buffer.from('POST /x?a=1 HTTP/1.1\r\nHost: h\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nabcdef'),
    );
    expect(frame).toEqual({
      method: 'POST',
      url: '/x?a=1',
      headers: { host: 'h', 'content-type': 'text/plain', 'content-length': '3' },
      body: Buffer.from('abc'),
    });
  });

  it('de-chunks a chunked body and accepts bare LF line ends', () => {
    const chunked = parseHttpRequest(
      Buffer.from('POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n'),
    );
    expect(chunked.body.toString()).toBe('abcde');
    const bare = parseHttpRequest(Buffer.from('GET /?id=1 HTTP/1.1\nX-A: 1\nX-A: 2\n\n'));
    expect(bare).toMatchObject({ method: 'GET', url: '/?id=1', headers: { 'x-a': '1, 2' } });
    expect(bare.body.length).toBe(0);
  });

  it('rejects what is not a request', () => {
    expect(() => parseHttpRequest(Buffer.from('hello'))).toThrow(/bad HTTP request line/);
  });
});

describe('keepConsoleOffStdout', () => {
  it('sends console.log to stderr while replay owns stdout, then puts it back', () => {
    const stderr = new PassThrough();
    const log = console.log;
    const restore = keepConsoleOffStdout(stderr);
    console.log('stray', { a: 1 });
    restore();
    expect(String(stderr.read())).toBe('stray { a: 1 }\n');
    expect(console.log).toBe(log);
  });
});
