import { createTenantWithOwner } from '@waymark/api/modules/users/registration.service';
import { generatePassword, hashPassword } from '@waymark/api/security/password';
import type { Db } from '@waymark/db/client';
import type { SimulatedProtocol } from '@waymark/ingest/simulator/device-links';
import type { SimulatedDevice, Simulation } from '@waymark/ingest/simulator/simulation';
import { imeiOf, startSimulation } from '@waymark/ingest/simulator/simulation';
import type { DemoPet } from './demo-pets';
import { ensureDemoPets } from './demo-pets';
import { ensureDemoPlatform } from './demo-platform';

export const DEMO_TENANT_NAME = 'Demo fleet';
export const DEMO_EMAIL = 'demo@waymark.local';

/** The demo fleet: name, category, and the protocol its tracker speaks (osmand when that one is not served). */
const FLEET: [name: string, category: string, protocol: SimulatedProtocol][] = [
  ['Peugeot 308 · GH-512-KL', 'car', 'gt06'],
  ['Renault Clio · AB-123-CD', 'car', 'gt06'],
  ['Toyota Corolla · FR-884-TZ', 'car', 'gt06'],
  ['Tesla Model 3 · EV-301-MX', 'car', 'osmand'],
  ['Volkswagen Golf · DL-770-PQ', 'car', 'teltonika'],
  ['Skoda Octavia · BT-245-RS', 'car', 'teltonika'],
  ['Dacia Sandero · CZ-019-HN', 'car', 'gt06'],
  ['Citroën C4 · KM-638-WE', 'car', 'osmand'],
  ['Volvo FH · Truck 1', 'truck', 'teltonika'],
  ['Scania R450 · Truck 2', 'truck', 'teltonika'],
  ['Mercedes Actros · Truck 3', 'truck', 'teltonika'],
  ['DAF XF · Truck 4', 'truck', 'teltonika'],
  ['MAN TGX · Truck 5', 'truck', 'gt06'],
  ['Renault Master · Van 1', 'van', 'teltonika'],
  ['Ford Transit · Van 2', 'van', 'gt06'],
  ['Fiat Ducato · Van 3', 'van', 'osmand'],
  ['Bus line 21', 'bus', 'teltonika'],
  ['Bus line 38', 'bus', 'teltonika'],
  ['Yamaha MT-07 · courier', 'motorcycle', 'gt06'],
  ['Honda CB500', 'motorcycle', 'gt06'],
  ['Rex (dog)', 'animal', 'osmand'],
  ['Misty (cat)', 'animal', 'osmand'],
  ['Alice · field technician', 'person', 'osmand'],
  ['Bruno · courier on foot', 'person', 'osmand'],
  ['Chloé · sales', 'person', 'osmand'],
  ['Luna (dog)', 'animal', 'osmand'],
];

/** The pets among them: their collar's species and simulator seed (the pet's days, home and profile). */
const PETS: Record<string, DemoPet['pet']> = {
  'Rex (dog)': { species: 'dog', seed: 1 },
  'Misty (cat)': { species: 'cat', seed: 2 },
  'Luna (dog)': { species: 'dog', seed: 3 },
};

/** The demo devices' identifiers: IMEIs of a prefix no real tracker has (86 is a TAC range; 0999 is unused). */
export const DEMO_DEVICES: readonly (SimulatedDevice & { name: string; category: string })[] = FLEET.map(
  ([name, category, protocol], i) => ({
    uniqueId: imeiOf('8609990', i + 1),
    name,
    category,
    protocol,
    ...(PETS[name] ? { pet: PETS[name] } : {}),
  }),
);

export interface DemoFleet {
  tenantId: number;
  userId: number;
  created: number;
  /** Credentials of the demo user when this call created it (to print once), else null. */
  credentials: { email: string; password: string } | null;
}

/**
 * Creates, once, the tenant "Demo fleet" with its root group, its owner demo@waymark.local (tenant
 * administrator, generated password) and the demo devices it misses. Idempotent: later calls only add devices
 * that were deleted, and return no credentials.
 */
export async function ensureDemoFleet(db: Db): Promise<DemoFleet> {
  let credentials: DemoFleet['credentials'] = null;
  let user = await db.user.findUnique({ where: { email: DEMO_EMAIL }, select: { id: true, tenantId: true } });
  if (!user?.tenantId) {
    if (user) throw new Error(`${DEMO_EMAIL} exists without a tenant: cannot set up the demo fleet`);
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const created = await createTenantWithOwner(db, {
      tenantName: DEMO_TENANT_NAME,
      tenantEmail: DEMO_EMAIL,
      user: { name: 'Demo user', email: DEMO_EMAIL, passwordHash },
    });
    user = { id: created.id, tenantId: created.tenantId };
    credentials = { email: DEMO_EMAIL, password };
  }
  const tenantId = user.tenantId as number;
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { tenantGroupId: true } });
  const existing = await db.device.findMany({
    where: { uniqueId: { in: DEMO_DEVICES.map((d) => d.uniqueId) } },
    select: { uniqueId: true },
  });
  const known = new Set(existing.map((d) => d.uniqueId));
  const missing = DEMO_DEVICES.filter((d) => !known.has(d.uniqueId));
  if (missing.length > 0) {
    await db.device.createMany({
      data: missing.map((d) => ({
        tenantId,
        groupId: tenant.tenantGroupId,
        uniqueId: d.uniqueId,
        name: d.name,
        category: d.category,
        stockStatus: 'ASSIGNED' as const,
      })),
      skipDuplicates: true,
    });
  }
  return { tenantId, userId: user.id, created: missing.length, credentials };
}

export interface DemoOptions {
  /** Where the in-process ingest listens, per protocol (its real ports). */
  listening: readonly { protocol: string; transport: string; port: number }[];
  /** Address the ingest listens on (0.0.0.0 / :: mean this machine). */
  ingestHost?: string;
  /** Reports per second per device. Default 0.2. */
  rate?: number;
  say?: (line: string) => void;
  onError?: (err: Error) => void;
}

export interface Demo {
  fleet: DemoFleet;
  simulation: Simulation;
  stop(): Promise<void>;
}

/**
 * `waymark start --demo`: the demo fleet (created once) moving, its trackers simulated in this process against
 * the in-process ingest (gt06 and teltonika devices over TCP where those protocols are served, osmand over HTTP).
 * The pets' collars (osmand) send steps, motion, heart rate and battery on a day-and-night rhythm; each pet gets a
 * profile and, once, three weeks of history, so that the pet reports have a wellness baseline at once.
 */
export async function startDemo(db: Db, options: DemoOptions): Promise<Demo> {
  const say = options.say ?? console.log;
  const fleet = await ensureDemoFleet(db);
  const platform = await ensureDemoPlatform(db, fleet.tenantId);
  const pets = DEMO_DEVICES.flatMap((d) => (d.pet ? [{ uniqueId: d.uniqueId, pet: d.pet }] : []));
  await ensureDemoPets(db, pets);
  for (const c of platform.credentials) {
    say(`demo platform: ${c.email} / password ${c.password} (shown this once)`);
  }
  const portOf = (protocol: SimulatedProtocol) =>
    options.listening.find((l) => l.protocol === protocol && l.transport === (protocol === 'osmand' ? 'http' : 'tcp'))
      ?.port;
  const osmand = portOf('osmand');
  const devices = DEMO_DEVICES.flatMap((d) => {
    if (portOf(d.protocol) !== undefined) return [d];
    return osmand === undefined ? [] : [{ ...d, protocol: 'osmand' as const }];
  });
  const ports: Partial<Record<SimulatedProtocol, number>> = {};
  for (const p of ['gt06', 'teltonika', 'osmand'] as const) {
    const port = portOf(p);
    if (port !== undefined) ports[p] = port;
  }
  const host =
    !options.ingestHost || options.ingestHost === '0.0.0.0' || options.ingestHost === '::'
      ? '127.0.0.1'
      : options.ingestHost;
  let lastError = 0;
  const simulation = startSimulation({
    devices,
    rate: options.rate ?? 0.2,
    host,
    ports,
    onError: (device, err) => {
      if (options.onError) return options.onError(err);
      if (Date.now() - lastError < 60_000) return; // one line a minute at most
      lastError = Date.now();
      console.error(`demo: ${device.name ?? device.uniqueId}: ${err.message}`);
    },
  });
  const counts = new Map<string, number>();
  for (const d of devices) counts.set(d.protocol, (counts.get(d.protocol) ?? 0) + 1);
  const byProtocol = [...counts].map(([p, n]) => `${n} ${p}`).join(', ');
  const signIn = fleet.credentials
    ? ` — sign in as ${fleet.credentials.email} / password ${fleet.credentials.password} (shown this once)`
    : ` — sign in as ${DEMO_EMAIL}`;
  say(
    devices.length > 0
      ? `demo fleet running: ${devices.length} simulated devices (${byProtocol}) of tenant "${DEMO_TENANT_NAME}"${signIn}`
      : `demo fleet created, but none of osmand, gt06, teltonika is served: nothing moves${signIn}`,
  );
  return { fleet, simulation, stop: () => simulation.stop() };
}
