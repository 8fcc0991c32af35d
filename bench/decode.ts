// Benchmark: decode rate per registered protocol on one core, replaying the fixture frames that Traccar decoded
// to positions (each with the session state its earlier frames built). GT06 is also measured on its location
// frames alone (target: 1,000,000 frames/s). Usage: pnpm bench:decode [protocol…]
import { cpus } from 'node:os';
import type { ProtocolDefinition, SessionView } from '@waymark/ingest/protocols/protocol.types';
import { protocolRegistry } from '@waymark/ingest/protocols/registry';
import type { TraccarVector } from '@waymark/ingest/testing/traccar-vectors';
import { httpFrameOf, loadVectors, TRACCAR_FROZEN_NOW } from '@waymark/ingest/testing/traccar-vectors';
import { frameOf } from '@waymark/ingest/testing/vector-score';

interface Case {
  frame: unknown;
  session: SessionView;
  vector: TraccarVector;
}

/** Replays a protocol's vectors once, keeping for each position frame the session it was decoded in. */
function casesOf(def: ProtocolDefinition): Case[] {
  const sessions = new Map<string, { uniqueId: string | null; state: Record<string, unknown> }>();
  const cases: Case[] = [];
  for (const vector of loadVectors(def.name) as (TraccarVector & { instance?: number; disabled?: boolean })[]) {
    if (vector.disabled) continue;
    const key = `${vector.test}|${vector.instance ?? 0}`;
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
    const frame = vector.kind === 'http' ? httpFrameOf(vector) : frameOf(vector);
    try {
      const result = (
        def.decoder as (
          f: unknown,
          s: SessionView,
        ) => { uniqueId?: string; state?: Record<string, unknown>; messages: unknown[] }
      )(frame, session);
      if (result.uniqueId) s.uniqueId = result.uniqueId;
      if (result.state) s.state = result.state;
      if (result.messages.length > 0) cases.push({ frame, session, vector });
    } catch {
      // not part of the benchmark
    }
  }
  return cases;
}

/**
 * Decoded frames per second of wall time and per second of this process's CPU time (user + system, GC threads
 * included): on a quiet machine the two agree; on a busy one the CPU figure still tells what one core does.
 */
function rate(def: ProtocolDefinition, cases: Case[], ms = 1000): { wall: number; cpu: number } {
  const decode = def.decoder as (f: unknown, s: SessionView) => unknown;
  let n = 0;
  // warm up, then measure whole passes for `ms`
  for (let i = 0; i < 20_000; i++)
    decode(cases[i % cases.length]?.frame, cases[i % cases.length]?.session as SessionView);
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < 1000; i++) {
      const c = cases[(n + i) % cases.length] as Case;
      decode(c.frame, c.session);
    }
    n += 1000;
    now = process.hrtime.bigint();
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: (n * 1e9) / Number(now - start), cpu: (n * 1e6) / (cpu.user + cpu.system) };
}

const figures = (r: { wall: number; cpu: number }) =>
  `${Math.round(r.wall).toLocaleString('en')} | ${Math.round(r.cpu).toLocaleString('en')}`;

const wanted = process.argv.slice(2);
console.log(`machine: ${cpus()[0]?.model}, one core, Node ${process.version}`);
console.log('| protocol | frames | decoded frames/s | per CPU-second |');
console.log('|---|---|---|---|');
for (const def of protocolRegistry.values()) {
  if (wanted.length && !wanted.includes(def.name)) continue;
  const cases = casesOf(def);
  if (cases.length === 0) continue;
  console.log(`| ${def.name} | ${cases.length} position frames | ${figures(rate(def, cases))} |`);
  if (def.name === 'gt06') {
    // location frames: 0x7878 packets of type 0x12 or 0x22 (GPS + LBS + status)
    const locations = cases.filter(
      (c) => Buffer.isBuffer(c.frame) && c.frame[0] === 0x78 && [0x12, 0x22].includes(c.frame[3] as number),
    );
    if (locations.length)
      console.log(
        `| gt06 (location 0x12/0x22 only) | ${locations.length} frames | ${figures(rate(def, locations, 2000))} |`,
      );
  }
}
