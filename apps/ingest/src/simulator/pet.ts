import type { VehicleReport } from './vehicle';
import { seededRandom } from './vehicle';

/**
 * A simulated pet tracker: what a dog's or a cat's collar reports at any moment, as a pure function of the time
 * (so that the live simulation and a backfilled history tell the same story). Each local day has its own plan,
 * drawn from a generator seeded by the pet and the day: the animal sleeps at night, a dog goes for a morning and
 * an evening walk (about 100 steps a minute, up to a kilometre from home) and plays a few times, a cat is out at
 * dawn and dusk and naps in between. The collar reports its step counter (since local midnight), motion, heart
 * rate and battery level, as pet trackers do.
 */

export type PetSpecies = 'dog' | 'cat';

export interface PetOptions {
  species: PetSpecies;
  /** where the pet lives */
  home: { latitude: number; longitude: number };
  /** makes each pet's days its own */
  seed: number;
  /** the pet's local clock. Default Europe/Paris (the demo's city). */
  timeZone?: string;
}

/** One bout of activity of a day, in local minutes. */
interface Bout {
  start: number;
  end: number;
  /** steps a minute */
  cadence: number;
  /** a walk leaves home on a loop of this radius (m); play stays near home */
  loop: number;
  bearing: number;
}

interface DayPlan {
  wake: number;
  sleep: number;
  bouts: Bout[];
}

const HEART: Record<PetSpecies, { rest: number; awake: number; active: number }> = {
  dog: { rest: 62, awake: 85, active: 135 },
  cat: { rest: 135, awake: 160, active: 200 },
};

function plan(species: PetSpecies, seed: number, dayNumber: number): DayPlan {
  const random = seededRandom(seed * 100_003 + dayNumber);
  const between = (a: number, b: number) => Math.round(a + (b - a) * random());
  const bouts: Bout[] = [];
  const add = (start: number, length: number, cadence: number, loop: number) =>
    bouts.push({ start, end: start + length, cadence, loop, bearing: random() * 360 });
  if (species === 'dog') {
    const wake = between(390, 435);
    add(between(wake + 15, wake + 45), between(30, 50), between(95, 120), between(350, 700));
    add(between(1080, 1140), between(30, 60), between(90, 115), between(300, 800));
    for (let i = between(2, 4); i > 0; i--) add(between(600, 1020), between(4, 12), between(50, 80), 0);
    return { wake, sleep: between(1320, 1380), bouts: bouts.sort((a, b) => a.start - b.start) };
  }
  const wake = between(300, 360);
  add(between(wake, wake + 60), between(15, 35), between(45, 70), between(40, 90));
  for (let i = between(3, 5); i > 0; i--) add(between(540, 1020), between(5, 15), between(30, 60), 0);
  add(between(1080, 1200), between(20, 45), between(45, 70), between(40, 90));
  return { wake, sleep: between(1350, 1410), bouts: bouts.sort((a, b) => a.start - b.start) };
}

const EARTH = 6_371_000;
const offset = (home: { latitude: number; longitude: number }, metres: number, bearing: number) => {
  const b = (bearing * Math.PI) / 180;
  return {
    latitude: home.latitude + ((metres * Math.cos(b)) / EARTH) * (180 / Math.PI),
    longitude:
      home.longitude + ((metres * Math.sin(b)) / (EARTH * Math.cos((home.latitude * Math.PI) / 180))) * (180 / Math.PI),
  };
};

export interface PetReading {
  time: Date;
  latitude: number;
  longitude: number;
  /** km/h */
  speedKph: number;
  course: number;
  motion: boolean;
  /** steps since local midnight */
  steps: number;
  heartRate: number;
  batteryLevel: number;
}

export class SimulatedPet {
  private readonly clock: Intl.DateTimeFormat;
  private readonly plans = new Map<number, DayPlan>();

  constructor(private readonly options: PetOptions) {
    this.clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: options.timeZone ?? 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The local day (days since 1970 on the pet's calendar) and the minute of that day, with its fraction. */
  private local(time: Date): { day: number; minute: number } {
    const parts = Object.fromEntries(this.clock.formatToParts(time).map((p) => [p.type, p.value]));
    const day = Math.floor(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000);
    return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60 };
  }

  private planOf(day: number): DayPlan {
    let p = this.plans.get(day);
    if (!p) {
      p = plan(this.options.species, this.options.seed, day);
      this.plans.set(day, p);
      if (this.plans.size > 64) this.plans.delete(this.plans.keys().next().value as number);
    }
    return p;
  }

  /** What the collar says at `time`. */
  readingAt(time: Date): PetReading {
    const { day, minute } = this.local(time);
    const p = this.planOf(day);
    const random = seededRandom(Math.floor(time.getTime() / 10_000) ^ this.options.seed);
    const heart = HEART[this.options.species];
    let steps = 0;
    let bout: Bout | null = null;
    for (const b of p.bouts) {
      steps += b.cadence * Math.max(0, Math.min(minute, b.end) - b.start);
      if (minute >= b.start && minute < b.end) bout = b;
    }
    const awake = minute >= p.wake && minute < p.sleep;
    // the battery drains over two days and is charged every other night
    const batteryLevel = Math.round(100 - 35 * ((day % 2) + minute / 1440));
    const home = this.options.home;
    if (!bout) {
      const spot = offset(home, 4 + random() * 8, random() * 360);
      const heartRate = Math.round((awake ? heart.awake : heart.rest) + random() * 6 - 3);
      return {
        time,
        ...spot,
        speedKph: 0,
        course: 0,
        motion: false,
        steps: Math.round(steps),
        heartRate,
        batteryLevel,
      };
    }
    // along the bout's loop, out and back home
    const progress = (minute - bout.start) / (bout.end - bout.start);
    const angle = bout.bearing + 360 * progress;
    const reach = bout.loop > 0 ? bout.loop * Math.sin(Math.PI * progress) : 10 + random() * 15;
    const spot = offset(home, reach, angle);
    const speedKph = bout.loop > 0 ? (2 * Math.PI * bout.loop * 60) / (1000 * (bout.end - bout.start)) : 2;
    return {
      time,
      ...spot,
      speedKph: Math.round(speedKph * 10) / 10,
      course: Math.round((angle + 90) % 360),
      motion: true,
      steps: Math.round(steps),
      heartRate: Math.round(heart.active + random() * 10 - 5),
      batteryLevel,
    };
  }

  /** The simulation's interface: the reading now, as a report with the pet's attributes as extras. */
  advance(_seconds: number, now = new Date()): VehicleReport {
    const r = this.readingAt(now);
    const report = {
      time: r.time,
      latitude: r.latitude,
      longitude: r.longitude,
      altitude: 35,
      speedKph: r.speedKph,
      course: r.course,
      ignition: null,
      moving: r.motion,
      batteryLevel: r.batteryLevel,
      power: null,
      // a collar has no fuel sensor (for reports that carry a fuel level)
      fuel: null,
      odometer: 0,
      satellites: 9,
      alarm: null,
      extras: { steps: r.steps, heartRate: r.heartRate },
    };
    return report;
  }
}
