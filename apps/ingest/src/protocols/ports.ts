/**
 * Traccar's default port and transports of the wave-1 protocols (traccar/traccar@9e5c458,
 * src/main/java/org/traccar/config/PortConfigSuffix.java, copied from the shared fixtures' ports.json), so that a
 * tracker set up for a Traccar server reports here unchanged. osmand is HTTP over Traccar's TCP server.
 * jt808 is Traccar's current name for huabao.
 */
export const traccarPorts = {
  osmand: { port: 5055, transports: ['tcp'] },
  gt06: { port: 5023, transports: ['tcp'] },
  teltonika: { port: 5027, transports: ['tcp', 'udp'] },
  h02: { port: 5013, transports: ['tcp', 'udp'] },
  gps103: { port: 5001, transports: ['tcp', 'udp'] },
  tk103: { port: 5002, transports: ['tcp', 'udp'] },
  watch: { port: 5093, transports: ['tcp'] },
  jt808: { port: 5015, transports: ['tcp'] },
  gl200: { port: 5004, transports: ['tcp', 'udp'] },
  meitrack: { port: 5020, transports: ['tcp', 'udp'] },
  suntech: { port: 5011, transports: ['tcp'] },
  ruptela: { port: 5046, transports: ['tcp'] },
  wialon: { port: 5039, transports: ['tcp', 'udp'] },
} as const satisfies Record<string, { port: number; transports: readonly ('tcp' | 'udp')[] }>;

export type WaveOneProtocol = keyof typeof traccarPorts;
