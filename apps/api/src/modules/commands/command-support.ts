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
