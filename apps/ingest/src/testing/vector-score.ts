import type { Network } from '@waymark/contracts/position';
import type { DecodedPosition, ProtocolDefinition, SessionView } from '../protocols/protocol.types';
import type { TraccarPosition, TraccarVector } from './traccar-vectors';
import { httpFrameOf, TRACCAR_FROZEN_NOW } from './traccar-vectors';

/**
 * How closely a protocol decodes its fixture vectors to what Traccar's decoder returned, message for message.
 * - positions: a message matches when it yields the same number of positions as Traccar, each with the same
 *   times (to the ms; dates skipped for clock-dependent lines), validity, outdated flag, latitude/longitude
 *   (±0.00001°), altitude, speed, course and accuracy (±0.01) — the core. Messages Traccar decoded to
 *   nothing match when we decode nothing too.
 * - attributes: every attribute value Traccar produced counts once; it matches when our position (same
 *   index) has the same key with an equal value (numbers ±1e-6 relative). A position's network (cell towers,
 *   Wi-Fi) counts as one value more when either side has one, and matches when both list the same.
 */
export interface ProtocolScore {
  protocol: string;
  messages: number;
  messagesMatched: number;
  /** messages for which Traccar produced at least one position */
  positionMessages: number;
  positionMessagesMatched: number;
  attributes: number;
  attributesMatched: number;
  positionRate: number;
  attributeRate: number;
  mismatches: Mismatch[];
}

export interface Mismatch {
  index: number;
  reason: string;
}

export interface ScoreOptions {
  /** session transport for a vector (default: http for http vectors, udp when decoder_args[0] is true, else tcp) */
  transportOf?: (vector: TraccarVector) => SessionView['transport'];
  /** Replay the device settings Traccar's test configured (`config`) as the session's settings (default true). */
  deviceSettings?: boolean;
}

type VectorExtras = TraccarVector & {
  config?: { call: string; args: unknown[] }[];
  source?: string;
  instance?: number;
  decoder_args?: unknown[];
  disabled?: boolean;
};

/**
 * The device settings a vector's test gave its decoder before this message (`config`, cumulative), as a device
 * with those settings has them (SessionView.settings, from the API's device model and attributes, see
 * DeviceSettingsStore): `model` from setModelOverride, `<protocol>.<option>` from the other setters
 * (setHbm(1) → `suntech.hbm` = "1").
 */
export function vectorSettings(vector: TraccarVector): SessionView['settings'] {
  const config = (vector as VectorExtras).config;
  if (!config?.length) return undefined;
  const settings: Record<string, string> = {};
  for (const { call, args } of config) {
    if (call === 'setModelOverride') settings.model = String(args[0]);
    else if (call.startsWith('set') && call.length > 3)
      settings[`${vector.protocol}.${call[3]?.toLowerCase()}${call.substring(4)}`] = String(args[0]);
  }
  return settings;
}

export function scoreProtocol(
  definition: ProtocolDefinition,
  vectors: readonly TraccarVector[],
  options: ScoreOptions = {},
): ProtocolScore {
  const sessions = new Map<string, { uniqueId: string | null; state: Record<string, unknown> }>();
  const score: ProtocolScore = {
    protocol: definition.name,
    messages: 0,
    messagesMatched: 0,
    positionMessages: 0,
    positionMessagesMatched: 0,
    attributes: 0,
    attributesMatched: 0,
    positionRate: 0,
    attributeRate: 0,
    mismatches: [],
  };
  const ordered = [...(vectors as VectorExtras[])].filter((v) => !v.disabled && v.traccar.result !== 'error');
  for (const vector of ordered) {
    const key = `${vector.source ?? ''}|${vector.test}|${vector.instance ?? 0}`;
    const session = sessions.get(key) ?? { uniqueId: null, state: {} };
    sessions.set(key, session);
    const transport = options.transportOf?.(vector) ?? defaultTransport(vector);
    const settings = options.deviceSettings === false ? undefined : vectorSettings(vector);
    const view: SessionView = {
      protocol: definition.name,
      transport,
      remoteAddress: '127.0.0.1:5000',
      uniqueId: session.uniqueId,
      state: session.state,
      receivedAt: TRACCAR_FROZEN_NOW,
      ...(settings ? { settings } : {}),
    };
    let decoded: DecodedPosition[] = [];
    let error: string | null = null;
    try {
      const result =
        definition.kind === 'http'
          ? definition.decoder(httpFrameOf(vector), view)
          : definition.decoder(frameOf(vector), view);
      if (result.uniqueId) session.uniqueId = result.uniqueId;
      if (result.state) session.state = result.state;
      decoded = result.messages;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const expected = vector.traccar.positions;
    score.messages += 1;
    if (expected.length > 0) score.positionMessages += 1;
    const reason = error ? `threw: ${error}` : comparePositions(decoded, expected, vector.traccar.clockDependent);
    if (reason === null) {
      score.messagesMatched += 1;
      if (expected.length > 0) score.positionMessagesMatched += 1;
    } else {
      score.mismatches.push({ index: vector.index, reason });
    }
    expected.forEach((exp, i) => {
      for (const [attr, value] of Object.entries(exp.attributes)) {
        score.attributes += 1;
        const ours = decoded[i]?.attributes as Record<string, unknown> | undefined;
        if (ours && sameValue(ours[attr], value)) score.attributesMatched += 1;
        else if (reason === null)
          score.mismatches.push({
            index: vector.index,
            reason: `attribute ${attr}: ${fmt(ours?.[attr])} ≠ ${fmt(value)}`,
          });
      }
      const network = decoded[i]?.network ?? null;
      if (exp.network || network) {
        score.attributes += 1;
        if (decoded[i] && sameNetwork(network, exp.network)) score.attributesMatched += 1;
        else if (reason === null) score.mismatches.push({ index: vector.index, reason: `#${i} network differs` });
      }
    });
  }
  score.positionRate = score.messages ? score.messagesMatched / score.messages : 1;
  score.attributeRate = score.attributes ? score.attributesMatched / score.attributes : 1;
  return score;
}

function defaultTransport(vector: VectorExtras): SessionView['transport'] {
  if (vector.kind === 'http') return 'http';
  return Array.isArray(vector.decoder_args) && vector.decoder_args[0] === true ? 'udp' : 'tcp';
}

/** The bytes of a stream vector: hex for binary, ISO-8859-1 for text (as Traccar's tests build them). */
export function frameOf(vector: TraccarVector): Buffer {
  return vector.kind === 'binary' ? Buffer.from(vector.payload, 'hex') : Buffer.from(vector.payload, 'latin1');
}

/** Why the positions differ, or null when they are the same. */
export function comparePositions(
  actual: readonly DecodedPosition[],
  expected: readonly TraccarPosition[],
  clockDependent: boolean,
): string | null {
  if (actual.length !== expected.length) return `${actual.length} positions, Traccar ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as DecodedPosition;
    const e = expected[i] as TraccarPosition;
    if (!clockDependent) {
      if (a.fixTime !== e.fixTime) return `#${i} fixTime ${a.fixTime} ≠ ${e.fixTime}`;
      if (a.deviceTime !== e.deviceTime) return `#${i} deviceTime ${a.deviceTime} ≠ ${e.deviceTime}`;
    }
    if (Boolean(a.outdated) !== e.outdated) return `#${i} outdated ${a.outdated} ≠ ${e.outdated}`;
    if (e.outdated) continue; // no location of its own: only attributes matter
    if (a.valid !== e.valid) return `#${i} valid ${a.valid} ≠ ${e.valid}`;
    for (const f of ['latitude', 'longitude'] as const) {
      if (Math.abs(a[f] - e[f]) > 0.00001) return `#${i} ${f} ${a[f]} ≠ ${e[f]}`;
    }
    for (const f of ['altitude', 'speed', 'course', 'accuracy'] as const) {
      if (Math.abs((a[f] ?? 0) - e[f]) > 0.01) return `#${i} ${f} ${a[f]} ≠ ${e[f]}`;
    }
  }
  return null;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  return a === b;
}

function sameNetwork(a: Network | null, b: Network | null): boolean {
  const norm = (n: Network | null) => {
    if (!n) return JSON.stringify(null);
    const stable = (x: object) =>
      JSON.stringify(Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : 1))));
    return JSON.stringify({
      radioType: n.radioType ?? null,
      considerIp: n.considerIp ?? null,
      cellTowers: (n.cellTowers ?? []).map(stable).sort(),
      wifiAccessPoints: (n.wifiAccessPoints ?? []).map(stable).sort(),
    });
  };
  return norm(a) === norm(b);
}

const fmt = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/** One line of docs/protocols.md's score table. */
export function scoreLine(s: ProtocolScore): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return `| ${s.protocol} | ${s.messagesMatched}/${s.messages} (${pct(s.positionRate)}) | ${s.positionMessagesMatched}/${s.positionMessages} | ${s.attributesMatched}/${s.attributes} (${pct(s.attributeRate)}) |`;
}
