import { gl200Protocol } from './gl200/gl200.protocol';
import { gps103Protocol } from './gps103/gps103.protocol';
import { gt06Protocol } from './gt06/gt06.protocol';
import { h02Protocol } from './h02/h02.protocol';
import { decodeOsmand } from './osmand/osmand.decoder';
import { encodeOsmand } from './osmand/osmand.encoder';
import { traccarPorts } from './ports';
import type { ProtocolDefinition } from './protocol.types';
import { ruptelaProtocol } from './ruptela/ruptela.protocol';
import { teltonikaProtocol } from './teltonika/teltonika.protocol';

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
  gt06Protocol,
  h02Protocol,
  gps103Protocol,
  teltonikaProtocol,
  ruptelaProtocol,
  gl200Protocol,
];

export const protocolRegistry: ReadonlyMap<string, ProtocolDefinition> = new Map(definitions.map((p) => [p.name, p]));

export function registeredProtocols(): string[] {
  return [...protocolRegistry.keys()];
}
