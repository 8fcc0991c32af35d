import { hostname } from 'node:os';
import { busDefaults, REDIS_PREFIX_PATTERN } from '@waymark/bus/defaults';
import { z } from 'zod';
import { registeredProtocols } from './protocols/registry';

export interface IngestEnv {
  protocols: string[];
  portOverrides: Record<string, number>;
  host: string;
  redisUrl: string | undefined;
  /** prefix of every Redis key and channel (WAYMARK_REDIS_PREFIX, default `waymark:`), the API's too */
  redisPrefix: string;
  nodeId: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** TCP connections accepted from one IP address per protocol (0 = no limit) */
  maxConnectionsPerAddress: number;
  /** TCP and HTTP connections this node holds across all protocols and addresses (0 = no limit) */
  maxConnections: number;
  /** connections that complete no frame for this long are closed (and connectionless devices forgotten), ms */
  idleTimeoutMs: number;
  /** Redis bus: acknowledgements wait while a partition's stream holds this many entries (0 = never wait) */
  busHighWaterMark: number | undefined;
  /** whether raw frames are recorded into the device log (the data report); on unless WAYMARK_DEVICE_LOG=off */
  deviceLog: boolean;
}

/** A configuration value that stops the start; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole port number')
  .min(0, 'expected a port number 0-65535')
  .max(65535, 'expected a port number 0-65535');

const fixedSchema = z.object({
  WAYMARK_PROTOCOLS: z.string().optional(),
  WAYMARK_INGEST_HOST: z.string().trim().min(1, 'expected an address such as 0.0.0.0').default('0.0.0.0'),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, 'expected redis://host:port or rediss://…')
    .optional(),
  WAYMARK_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(REDIS_PREFIX_PATTERN, 'expected 1-64 letters, digits, . _ : -')
    .default(busDefaults.keyPrefix),
  WAYMARK_NODE_ID: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, 'expected 1-64 letters, digits, . _ : -')
    .optional(),
  WAYMARK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WAYMARK_INGEST_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(0, 'expected 0 (no limit) or more')
    .default(1000),
  WAYMARK_INGEST_MAX_CONNECTIONS: z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(0, 'expected 0 (no limit) or more')
    .default(20_000),
  WAYMARK_BUS_HIGH_WATER_MARK: z.coerce
    .number({ message: 'expected a number of stream entries' })
    .int('expected a whole number')
    .min(0, 'expected 0 (never wait) or more')
    .optional(),
  WAYMARK_DEVICE_LOG: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
  WAYMARK_INGEST_IDLE_TIMEOUT: z.coerce
    .number({ message: 'expected seconds' })
    .int('expected whole seconds')
    .min(10, 'expected at least 10 seconds')
    .default(600),
});

/**
 * Reads the ingest's configuration from the environment, once:
 * WAYMARK_PROTOCOLS (comma list, default all registered), WAYMARK_PORT_<PROTOCOL> (port override, 0 = any free
 * port), WAYMARK_INGEST_HOST (default 0.0.0.0), REDIS_URL, WAYMARK_REDIS_PREFIX (default waymark:), WAYMARK_NODE_ID (default hostname-pid),
 * WAYMARK_LOG_LEVEL, WAYMARK_DEVICE_LOG (on, off). Empty values count as unset. Throws ConfigError naming the first bad variable.
 */
export function loadIngestEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  available: readonly string[] = registeredProtocols(),
): IngestEnv {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = fixedSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // A Redis URL may carry a password: never echo it.
    const got = name === 'REDIS_URL' ? '' : ` (got ${JSON.stringify(present[name] ?? '')})`;
    throw new ConfigError(`${name}: ${issue.message}${got}`);
  }
  const fixed = parsed.data;

  const protocols = fixed.WAYMARK_PROTOCOLS
    ? fixed.WAYMARK_PROTOCOLS.split(',')
        .map((p) => p.trim().toLowerCase())
        .filter((p) => p !== '')
    : [...available];
  for (const protocol of protocols) {
    if (!available.includes(protocol)) {
      throw new ConfigError(`WAYMARK_PROTOCOLS: unknown protocol "${protocol}" (available: ${available.join(', ')})`);
    }
  }

  const portOverrides: Record<string, number> = {};
  for (const [name, value] of Object.entries(present)) {
    const match = /^WAYMARK_PORT_([A-Z0-9_]+)$/i.exec(name);
    if (!match) continue;
    const protocol = match[1]!.toLowerCase();
    if (!available.includes(protocol)) {
      throw new ConfigError(`${name}: unknown protocol "${protocol}" (available: ${available.join(', ')})`);
    }
    const result = port.safeParse(value);
    if (!result.success)
      throw new ConfigError(`${name}: ${result.error.issues[0]!.message} (got ${JSON.stringify(value)})`);
    portOverrides[protocol] = result.data;
  }

  return {
    protocols: [...new Set(protocols)],
    portOverrides,
    host: fixed.WAYMARK_INGEST_HOST,
    redisUrl: fixed.REDIS_URL,
    redisPrefix: fixed.WAYMARK_REDIS_PREFIX,
    nodeId: fixed.WAYMARK_NODE_ID ?? `${hostname()}-${process.pid}`,
    logLevel: fixed.WAYMARK_LOG_LEVEL,
    maxConnectionsPerAddress: fixed.WAYMARK_INGEST_MAX_CONNECTIONS_PER_ADDRESS,
    maxConnections: fixed.WAYMARK_INGEST_MAX_CONNECTIONS,
    idleTimeoutMs: fixed.WAYMARK_INGEST_IDLE_TIMEOUT * 1000,
    busHighWaterMark: fixed.WAYMARK_BUS_HIGH_WATER_MARK,
    deviceLog: fixed.WAYMARK_DEVICE_LOG === 'on',
  };
}
