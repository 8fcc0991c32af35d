import { Agent } from 'node:http';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { DeviceLink, LinkCounters, SimulatedProtocol } from './device-links';
import { createLink } from './device-links';
import type { PetSpecies } from './pet';
import { SimulatedPet } from './pet';
import type { Category } from './vehicle';
import { SimulatedVehicle, seededRandom } from './vehicle';

export interface SimulatedDevice {
  uniqueId: string;
  protocol: SimulatedProtocol;
  category?: Category;
  name?: string;
  /** a pet collar (steps, motion, heart rate on a day-and-night rhythm) rather than a vehicle's tracker */
  pet?: { species: PetSpecies; seed: number };
}

export interface SimulationOptions {
  /** How many devices (IMEIs made from imeiPrefix, all on `protocol`), or the devices themselves. */
  devices: number | readonly SimulatedDevice[];
  /** Protocol of numbered devices. Default osmand. */
  protocol?: SimulatedProtocol;
  /** Reports per second per device. Default 0.1 (one every 10 s). */
  rate?: number;
  host?: string;
  /** Port of numbered devices' protocol (shorthand for ports[protocol]). */
  port?: number;
  /** Port per protocol; default Traccar's port of each. */
  ports?: Partial<Record<SimulatedProtocol, number>>;
  /** Stops by itself after this long. */
  durationMs?: number;
  /** First digits of the numbered devices' IMEIs (completed with the device number and a Luhn digit). */
  imeiPrefix?: string;
  /** Where the walks start. Default: Paris. */
  center?: { latitude: number; longitude: number };
  /** How far the walks go from the centre (m). Default 5000. */
  radiusMeters?: number;
  /** Makes the walks repeatable. */
  seed?: number;
  /** Connect and reply timeout (ms). Default 10 000. */
  timeoutMs?: number;
  /** Teltonika: records per AVL packet (a buffering device). Default 1. */
  recordsPerPacket?: number;
  /** Told about each failure (connection refused, timeout, …); the device retries at its next report. */
  onError?: (device: SimulatedDevice, err: Error) => void;
}

export interface SimulationStats {
  devices: number;
  /** devices whose connection (or last request) is up */
  connected: number;
  /** frames (TCP) or requests (HTTP) sent, logins included */
  sent: number;
  /** acknowledgements received */
  acked: number;
  /** reports sent that carry a position */
  positions: number;
  errors: number;
  elapsedMs: number;
  /** acknowledged messages per second since the start */
  rate: number;
}

export interface Simulation {
  stats(): SimulationStats;
  /** Stops every device (closing its connection) and resolves when all have stopped. Idempotent. */
  stop(): Promise<void>;
  /** Resolves when the simulation has stopped (duration reached or stop()). */
  readonly done: Promise<void>;
}

export const DEFAULT_CENTER = { latitude: 48.8566, longitude: 2.3522 };
const DEFAULT_CATEGORIES: Category[] = ['car', 'car', 'van', 'truck', 'car', 'motorcycle', 'bus', 'car'];

/** Where a simulated pet lives: a few hundred metres from the centre, in a direction of its own. */
export function petHome(center: { latitude: number; longitude: number }, seed: number) {
  const random = seededRandom(seed);
  const metres = 300 + random() * 1500;
  const bearing = random() * 2 * Math.PI;
  return {
    latitude: center.latitude + (metres * Math.cos(bearing)) / 111_320,
    longitude:
      center.longitude + (metres * Math.sin(bearing)) / (111_320 * Math.cos((center.latitude * Math.PI) / 180)),
  };
}

/** IMEI number `index` of a prefix: prefix, the number zero-padded to 14 digits, then the Luhn check digit. */
export function imeiOf(prefix: string, index: number): string {
  if (!/^\d{0,13}$/.test(prefix)) throw new Error('the IMEI prefix has at most 13 digits');
  const body = `${prefix}${String(index).padStart(14 - prefix.length, '0')}`;
  if (body.length !== 14) throw new Error(`device ${index} does not fit after IMEI prefix ${prefix}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function numberedDevices(count: number, protocol: SimulatedProtocol, prefix = '3520990'): SimulatedDevice[] {
  return Array.from({ length: count }, (_, i) => ({
    uniqueId: imeiOf(prefix, i + 1),
    protocol,
    category: DEFAULT_CATEGORIES[i % DEFAULT_CATEGORIES.length],
    name: `Simulated ${protocol} ${i + 1}`,
  }));
}

/**
 * Drives simulated trackers over real TCP (gt06, teltonika) or HTTP (osmand) to an ingest, each reporting at
 * `rate` from its own walk, spread over the first interval. A device that fails (refused, timed out) counts an
 * error, drops its connection and reconnects at its next report.
 */
export function startSimulation(options: SimulationOptions): Simulation {
  const rate = options.rate ?? 0.1;
  if (!(rate > 0)) throw new Error('the rate must be above 0');
  const intervalMs = 1000 / rate;
  const protocol = options.protocol ?? 'osmand';
  const devices =
    typeof options.devices === 'number'
      ? numberedDevices(options.devices, protocol, options.imeiPrefix)
      : [...options.devices];
  const host = options.host ?? '127.0.0.1';
  const portOf = (p: SimulatedProtocol) =>
    options.ports?.[p] ?? (p === protocol ? options.port : undefined) ?? protocolCatalogue[p].defaultPort;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const random = options.seed === undefined ? Math.random : seededRandom(options.seed);
  const center = options.center ?? DEFAULT_CENTER;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const counters: LinkCounters = { sent: 0, acked: 0, positions: 0 };
  let errors = 0;
  let connected = 0;
  const started = Date.now();
  let stoppedAt: number | null = null;
  let stopped = false;
  // Sleeping devices, woken at once by stop() (cheaper than an AbortSignal listener per sleep: a flooding device
  // sleeps thousands of times a second).
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const links = new Set<DeviceLink>();

  const runDevice = async (device: SimulatedDevice, index: number) => {
    const vehicle = device.pet
      ? new SimulatedPet({ ...device.pet, home: petHome(center, device.pet.seed) })
      : new SimulatedVehicle({
          ...center,
          category: device.category,
          radiusMeters: options.radiusMeters,
          random,
          parked: random() < 0.25,
        });
    let link: DeviceLink | null = null;
    let up = false;
    const setUp = (value: boolean) => {
      if (value !== up) connected += value ? 1 : -1;
      up = value;
    };
    let next = started + (intervalMs * index) / Math.max(1, devices.length);
    let last = next - intervalMs;
    while (!stopped) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      if (stopped) break;
      const now = Date.now();
      const report = vehicle.advance(Math.max(0, (now - last) / 1000), new Date(now));
      last = now;
      try {
        if (!link) {
          const port = portOf(device.protocol);
          link = createLink(device.protocol, {
            uniqueId: device.uniqueId,
            host,
            port,
            timeoutMs,
            counters,
            agent,
            recordsPerPacket: options.recordsPerPacket,
          });
          links.add(link);
          await link.open();
        }
        await link.send(report);
        setUp(true);
      } catch (err) {
        if (link) links.delete(link);
        link?.close();
        link = null;
        setUp(false);
        if (!stopped) {
          errors += 1;
          options.onError?.(device, err as Error);
        }
      }
      next += intervalMs;
      if (next < Date.now()) next = Date.now() + intervalMs * 0.1 * random(); // behind: skip, do not burst
    }
    link?.close();
    setUp(false);
  };

  const running = Promise.all(devices.map((d, i) => runDevice(d, i)));
  const timer = options.durationMs === undefined ? undefined : setTimeout(() => void stop(), options.durationMs);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (timer) clearTimeout(timer);
      stopped = true;
      for (const wake of sleepers) wake();
      // Replies still awaited fail at once: the devices hang up.
      for (const link of links) link.close();
      agent.destroy();
      await running;
      stoppedAt ??= Date.now();
    })();
    return stopping;
  };
  const done = running.then(() => stop());

  return {
    stats() {
      const elapsedMs = (stoppedAt ?? Date.now()) - started;
      return {
        devices: devices.length,
        connected,
        sent: counters.sent,
        acked: counters.acked,
        positions: counters.positions,
        errors,
        elapsedMs,
        rate: elapsedMs > 0 ? (counters.acked * 1000) / elapsedMs : 0,
      };
    },
    stop,
    done,
  };
}
