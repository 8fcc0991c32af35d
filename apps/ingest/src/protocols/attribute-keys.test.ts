import { readFileSync } from 'node:fs';
import { attributeSchemaOf, isKnownAttributeKey } from '@waymark/contracts/attributes';
import { describe, expect, it } from 'vitest';
import { httpFrameOf, loadVectors, TRACCAR_FROZEN_NOW } from '../testing/traccar-vectors';
import { frameOf } from '../testing/vector-score';
import type { DecodedPosition, SessionView } from './protocol.types';
import { protocolRegistry } from './registry';

/**
 * Protocols whose messages name their own parameters (OsmAnd's query keys, Wialon IPS's `name:type:value`
 * params, flespi's parameter names, TAIP's `;KEY=value` fields): Traccar keeps the device's names (Wialon's lower-cased), and so do we. A key outside the set is
 * allowed there only when the device wrote it in the message itself.
 */
const DEVICE_NAMED = new Set(['osmand', 'wialon', 'flespi', 'taip']);

interface Emitted {
  protocol: string;
  index: number;
  /** the message as text, lower-cased */
  frame: string;
  position: DecodedPosition;
}

/** Every position each registered decoder gives for its fixture vectors, in order, sessions kept per test. */
function decodedVectors(): Emitted[] {
  const out: Emitted[] = [];
  for (const def of protocolRegistry.values()) {
    const sessions = new Map<string, { uniqueId: string | null; state: Record<string, unknown> }>();
    for (const vector of loadVectors(def.name)) {
      const extras = vector as { source?: string; instance?: number; decoder_args?: unknown[]; disabled?: boolean };
      if (extras.disabled || vector.traccar.result === 'error') continue;
      const key = `${extras.source ?? ''}|${vector.test}|${extras.instance ?? 0}`;
      const s = sessions.get(key) ?? { uniqueId: null, state: {} };
      sessions.set(key, s);
      const udp = Array.isArray(extras.decoder_args) && extras.decoder_args[0] === true;
      const session: SessionView = {
        protocol: def.name,
        transport: vector.kind === 'http' ? 'http' : udp ? 'udp' : 'tcp',
        remoteAddress: '127.0.0.1:5000',
        uniqueId: s.uniqueId,
        state: s.state,
        receivedAt: TRACCAR_FROZEN_NOW,
      };
      const http = vector.kind === 'http' ? httpFrameOf(vector) : null;
      const text = http ? `${http.url} ${http.body.toString('latin1')}` : frameOf(vector).toString('latin1');
      const frame = text.toLowerCase();
      try {
        const result =
          def.kind === 'http' ? def.decoder(httpFrameOf(vector), session) : def.decoder(frameOf(vector), session);
        if (result.uniqueId) s.uniqueId = result.uniqueId;
        if (result.state) s.state = result.state;
        for (const position of result.messages) out.push({ protocol: def.name, index: vector.index, frame, position });
      } catch {
        // a malformed vector on purpose: nothing decoded
      }
    }
  }
  return out;
}

describe('attribute keys the decoders emit', () => {
  const decoded = decodedVectors();

  it('decodes positions with attributes for every protocol', () => {
    const protocols = new Set(decoded.filter((d) => Object.keys(d.position.attributes).length).map((d) => d.protocol));
    expect([...protocols].sort()).toEqual([...protocolRegistry.keys()].sort());
  });

  it("are Traccar's names or numbered vendor keys, with values of the key's type", () => {
    const outside: string[] = [];
    const mistyped: string[] = [];
    for (const { protocol, index, frame, position } of decoded) {
      for (const [key, value] of Object.entries(position.attributes)) {
        const label = `${protocol} #${index} ${key}=${JSON.stringify(value)}`;
        const schema = attributeSchemaOf(key);
        if (!schema) {
          if (!(DEVICE_NAMED.has(protocol) && frame.includes(key.toLowerCase()))) outside.push(label);
        } else if (!schema.safeParse(value).success) mistyped.push(label);
      }
    }
    expect(outside).toEqual([]);
    expect(mistyped).toEqual([]);
  });

  it("know every name and prefix of Traccar's own list", () => {
    const traccar = JSON.parse(
      readFileSync(new URL('../../fixtures/traccar-vectors/attribute_keys.json', import.meta.url), 'utf8'),
    ) as Record<string, { key: string }>;
    const names = Object.entries(traccar)
      .filter(([constant]) => constant.startsWith('KEY_'))
      .map(([, { key }]) => key);
    expect(names.filter((key) => !isKnownAttributeKey(key))).toEqual([]);
    const prefixes = Object.entries(traccar)
      .filter(([constant]) => constant.startsWith('PREFIX_'))
      .map(([, { key }]) => `${key}1`);
    expect(prefixes.filter((key) => !isKnownAttributeKey(key))).toEqual([]);
  });

  it('refuses keys outside the set', () => {
    for (const key of ['', 'io', 'io1x', 'Ignition', 'temp', 'tag1', 'foo', '__proto__', 'constructor']) {
      expect(isKnownAttributeKey(key), key).toBe(false);
    }
  });
});
