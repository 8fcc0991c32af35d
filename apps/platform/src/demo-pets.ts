import { PartitionMonths } from '@waymark/api/history/partitions';
import type { Db } from '@waymark/db/client';
import type { PetReading, PetSpecies } from '@waymark/ingest/simulator/pet';
import { SimulatedPet } from '@waymark/ingest/simulator/pet';
import { DEFAULT_CENTER, petHome } from '@waymark/ingest/simulator/simulation';

/**
 * The demo's pets: a profile each, and three weeks of their collars' history, so that the pet reports have a
 * wellness baseline from the first start (the live simulation only adds the present). The history is what the
 * same SimulatedPet reports live, one reading every HISTORY_STEP_MS, written straight into positions: it stands
 * for the weeks before the demo started, not for traffic through the ingest.
 */

export const PET_HISTORY_DAYS = 21;
const HISTORY_STEP_MS = 120_000;
const CHUNK = 20_000;

/** Profiles of the demo pets, by the simulator seed of their collar. */
const PROFILES: Record<number, { breed: string; weightKg: number; birthDate: string; minutes: number; steps: number }> =
  {
    1: { breed: 'Border Collie', weightKg: 19.5, birthDate: '2021-04-12', minutes: 90, steps: 11000 },
    2: { breed: 'European Shorthair', weightKg: 4.2, birthDate: '2019-09-03', minutes: 45, steps: 3500 },
    3: { breed: 'Labrador Retriever', weightKg: 28, birthDate: '2023-02-20', minutes: 75, steps: 10000 },
  };

export interface DemoPet {
  uniqueId: string;
  pet: { species: PetSpecies; seed: number };
}

/** Each demo pet's profile (when it has none) and history (when it has nothing older than a day). */
export async function ensureDemoPets(db: Db, pets: readonly DemoPet[], now = new Date()): Promise<number> {
  let written = 0;
  const months = new PartitionMonths();
  const sql = { query: (text: string, values: unknown[]) => db.$queryRawUnsafe(text, ...values) };
  for (const { uniqueId, pet } of pets) {
    const device = await db.device.findUnique({ where: { uniqueId }, select: { id: true, tenantId: true } });
    if (!device) continue;
    const profile = PROFILES[pet.seed];
    if (profile && !(await db.petProfile.findUnique({ where: { deviceId: device.id } }))) {
      await db.petProfile.create({
        data: {
          deviceId: device.id,
          tenantId: device.tenantId,
          species: pet.species,
          breed: profile.breed,
          weightKg: profile.weightKg,
          birthDate: new Date(`${profile.birthDate}T00:00:00Z`),
          activeMinutesGoal: profile.minutes,
          stepsGoal: profile.steps,
        },
      });
    }
    const from = new Date(now.getTime() - PET_HISTORY_DAYS * 86_400_000);
    const to = new Date(now.getTime() - 86_400_000);
    const old = await db.position.findFirst({
      where: { deviceId: device.id, fixTime: { gte: from, lt: to } },
      select: { id: true },
    });
    if (old) continue;
    const collar = new SimulatedPet({ ...pet, home: petHome(DEFAULT_CENTER, pet.seed) });
    const readings: PetReading[] = [];
    for (let at = from.getTime(); at < now.getTime() - 60_000; at += HISTORY_STEP_MS) {
      readings.push(collar.readingAt(new Date(at)));
    }
    await months.ensure(sql, 'positions', [from, now]);
    for (let i = 0; i < readings.length; i += CHUNK) {
      written += await insertReadings(db, device, readings.slice(i, i + CHUNK));
    }
  }
  return written;
}

/** Writes readings as positions in one statement (arrays unnested: a few thousand rows in milliseconds). */
async function insertReadings(
  db: Db,
  device: { id: number; tenantId: number | null },
  readings: readonly PetReading[],
): Promise<number> {
  const times = readings.map((r) => r.time.toISOString());
  const attributes = readings.map((r) =>
    JSON.stringify({ batteryLevel: r.batteryLevel, motion: r.motion, steps: r.steps, heartRate: r.heartRate }),
  );
  return db.$executeRaw`
    INSERT INTO positions ("deviceId", "tenantId", protocol, "serverTime", "deviceTime", "fixTime", valid,
                           latitude, longitude, altitude, speed, course, attributes)
    SELECT ${device.id}, ${device.tenantId}::int, 'osmand', t, t, t, true, lat, lon, 35, speed, course, a::json
    FROM unnest(${times}::timestamp[], ${readings.map((r) => r.latitude)}::float8[],
                ${readings.map((r) => r.longitude)}::float8[], ${readings.map((r) => r.speedKph / 1.852)}::float8[],
                ${readings.map((r) => r.course)}::float8[], ${attributes}::text[]) AS x(t, lat, lon, speed, course, a)`;
}
