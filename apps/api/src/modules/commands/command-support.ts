import type { SessionView } from '@waymark/ingest/protocols/protocol.types';
import { protocolRegistry } from '@waymark/ingest/protocols/registry';

/**
 * Whether the protocol can encode a command of this type: true, false, or null when it cannot be told without
 * the device's session (the encoder needs what the device said before) or the protocol is unknown.
 */
export function protocolSupports(
  protocol: string,
  type: string,
  attributes: Record<string, string | number | boolean>,
): boolean | null {
  const definition = protocolRegistry.get(protocol);
  if (!definition) return null;
  if (!definition.encoder) return false;
  const session: SessionView = {
    protocol,
    transport: definition.kind === 'http' ? 'http' : 'tcp',
    remoteAddress: '0.0.0.0:0',
    uniqueId: '000000000000000',
    state: {},
    receivedAt: new Date(),
  };
  try {
    const encoded = definition.encoder(
      { id: 'probe', uniqueId: '000000000000000', type, attributes, createdAt: new Date().toISOString() },
      session,
    );
    return encoded !== null;
  } catch {
    return null;
  }
}

/** Sample parameter values to probe encoders with (a valid value of each SPEC parameter). */
const PROBE_ATTRIBUTES: Record<string, string | number | boolean> = {
  data: '00',
  frequency: 60,
  timezone: 0,
  message: 'test',
  radius: 100,
  enable: true,
  index: 1,
  phone: '+10000000000',
  server: 'example.com',
  port: 5000,
};

/**
 * Command types a protocol's encoder produces (probed with sample parameters). Over the text channel (SMS),
 * types it encodes as text, and `custom` (any text). null when the protocol is unknown.
 */
export function supportedTypes(protocol: string, types: readonly string[], textChannel = false): string[] | null {
  const definition = protocolRegistry.get(protocol);
  if (!definition) return null;
  if (!definition.encoder) return textChannel ? ['custom'] : [];
  const encoder = definition.encoder;
  const session: SessionView = {
    protocol,
    transport: definition.kind === 'http' ? 'http' : 'tcp',
    remoteAddress: '0.0.0.0:0',
    uniqueId: '000000000000000',
    state: {},
    receivedAt: new Date(),
  };
  return types.filter((type) => {
    if (textChannel && type === 'custom') return true;
    try {
      const encoded = encoder(
        {
          id: 'probe',
          uniqueId: '000000000000000',
          type,
          attributes: PROBE_ATTRIBUTES,
          createdAt: new Date().toISOString(),
        },
        session,
      );
      return encoded !== null && (!textChannel || typeof encoded === 'string');
    } catch {
      return false;
    }
  });
}
