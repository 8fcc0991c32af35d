import { decodeOsmand } from './osmand/osmand.decoder';
import { encodeOsmand } from './osmand/osmand.encoder';
import { traccarPorts } from './ports';
import type { ProtocolDefinition } from './protocol.types';

/**
 * Every protocol this ingest can serve, by Traccar's name. A protocol lists its default port (Traccar's, see
 * ports.ts), its transports, a framer for TCP streams, a pure decoder and optionally a command encoder.
 */
const definitions: ProtocolDefinition[] = [
  {
    name: 'osmand',
    kind: 'http',
    defaultPort: traccarPorts.osmand.port,
    transports: ['http'],
    decoder: decodeOsmand,
    encoder: encodeOsmand,
  },
];

export const protocolRegistry: ReadonlyMap<string, ProtocolDefinition> = new Map(definitions.map((p) => [p.name, p]));

export function registeredProtocols(): string[] {
  return [...protocolRegistry.keys()];
}
