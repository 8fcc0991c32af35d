import { parseArgs } from 'node:util';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { ToolIo } from '../tools/tool-io';
import { processIo, USAGE_EXIT } from '../tools/tool-io';
import type { SimulatedProtocol } from './device-links';
import { SIMULATED_PROTOCOLS } from './device-links';
import { registerDevices } from './register-devices';
import type { SimulationStats } from './simulation';
import { DEFAULT_CENTER, numberedDevices, startSimulation } from './simulation';

export const SIMULATE_USAGE = `Usage: pnpm waymark simulate [--devices N] [--protocol gt06|teltonika|osmand] [--rate HZ]
         [--host 127.0.0.1] [--port P] [--duration S] [--imei-prefix DIGITS] [--lat L --lon L] [--radius M]
         [--seed N] [--register --api http://localhost:8082 --email E --password P]

Drives N simulated trackers (default 10, osmand) along random road-like routes and reports over real TCP or
HTTP to the ingest, each at --rate positions per second (default 0.1). Ctrl-C or --duration stops them; a summary
line (sent, acked, errors, rate) goes to stderr. --register first creates the devices through the API.`;

/** `waymark simulate`: 0 after a clean stop, 1 when registration fails, 2 for usage. */
export async function runSimulateCommand(args: string[], io: ToolIo = processIo()): Promise<number> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(args);
  } catch (err) {
    io.stderr.write(`${(err as Error).message}\n\n${SIMULATE_USAGE}\n`);
    return USAGE_EXIT;
  }
  if (options === 'help') {
    io.stderr.write(`${SIMULATE_USAGE}\n`);
    return 0;
  }
  const devices = numberedDevices(options.devices, options.protocol, options.imeiPrefix);
  if (options.register) {
    try {
      const { created, existing } = await registerDevices({ ...options.register, devices });
      io.stderr.write(`registered at ${options.register.api}: ${created} created, ${existing} already there\n`);
    } catch (err) {
      io.stderr.write(`registration failed: ${(err as Error).message}\n`);
      return 1;
    }
  }
  let lastError = 0;
  const simulation = startSimulation({
    devices,
    rate: options.rate,
    host: options.host,
    ports: options.port === undefined ? {} : { [options.protocol]: options.port },
    durationMs: options.durationS === undefined ? undefined : options.durationS * 1000,
    center: options.center,
    radiusMeters: options.radius,
    seed: options.seed,
    onError: (device, err) => {
      if (Date.now() - lastError < 5000) return; // one error line every 5 s at most
      lastError = Date.now();
      io.stderr.write(`${device.uniqueId}: ${err.message}\n`);
    },
  });
  const target = `${options.host}:${options.port ?? protocolCatalogue[options.protocol].defaultPort}`;
  io.stderr.write(
    `simulating ${devices.length} ${options.protocol} device(s) at ${options.rate}/s each → ${target}` +
      `${options.durationS === undefined ? ' (Ctrl-C stops)' : ` for ${options.durationS} s`}\n`,
  );
  const stop = () => void simulation.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await simulation.done;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  io.stderr.write(`${summaryLine(simulation.stats())}\n`);
  return 0;
}

export function summaryLine(s: SimulationStats): string {
  return (
    `sent ${s.sent}, acked ${s.acked}, errors ${s.errors}, rate ${s.rate.toFixed(2)}/s ` +
    `(${s.positions} positions from ${s.devices} devices in ${(s.elapsedMs / 1000).toFixed(1)} s)`
  );
}

function parse(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      devices: { type: 'string', default: '10' },
      protocol: { type: 'string', default: 'osmand' },
      rate: { type: 'string', default: '0.1' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      duration: { type: 'string' },
      'imei-prefix': { type: 'string' },
      lat: { type: 'string' },
      lon: { type: 'string' },
      radius: { type: 'string' },
      seed: { type: 'string' },
      register: { type: 'boolean' },
      api: { type: 'string', default: 'http://localhost:8082' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help' as const;
  const protocol = values.protocol as SimulatedProtocol;
  if (!SIMULATED_PROTOCOLS.includes(protocol)) {
    throw new Error(`--protocol is one of ${SIMULATED_PROTOCOLS.join(', ')}`);
  }
  const positive = (name: string, value: string | undefined, integer = false) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
      throw new Error(`--${name} must be a positive ${integer ? 'whole ' : ''}number`);
    }
    return n;
  };
  const port = positive('port', values.port, true);
  if (port !== undefined && port > 65535) throw new Error('--port must be 1-65535');
  if ((values.lat === undefined) !== (values.lon === undefined)) throw new Error('--lat and --lon go together');
  const center =
    values.lat === undefined ? DEFAULT_CENTER : { latitude: Number(values.lat), longitude: Number(values.lon) };
  if (!(Math.abs(center.latitude) <= 85) || !(Math.abs(center.longitude) <= 180)) {
    throw new Error('--lat/--lon must be a place on Earth (|lat| ≤ 85)');
  }
  if (values['imei-prefix'] !== undefined && !/^\d{0,13}$/.test(values['imei-prefix'])) {
    throw new Error('--imei-prefix has at most 13 digits');
  }
  let register: { api: string; email: string; password: string } | undefined;
  if (values.register) {
    if (!values.email || !values.password) throw new Error('--register needs --email and --password');
    register = { api: values.api, email: values.email, password: values.password };
  }
  return {
    devices: positive('devices', values.devices, true) as number,
    protocol,
    rate: positive('rate', values.rate) as number,
    host: values.host,
    port,
    durationS: positive('duration', values.duration),
    imeiPrefix: values['imei-prefix'],
    center,
    radius: positive('radius', values.radius),
    seed: values.seed === undefined ? undefined : Number(values.seed),
    register,
  };
}
