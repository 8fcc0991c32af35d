/**
 * A simulated tracker's vehicle: a random walk on a road-like grid around a start point. It drives straight
 * segments (blocks of 100-900 m), turns at their ends (mostly right angles, sometimes a diagonal), accelerates and
 * brakes towards a speed limit of the segment, slows for turns, waits at some crossings with the engine on, parks
 * with the ignition off after a while (a minute at a kerb, half an hour at a client's; now and then idling with the
 * engine on for the first minutes), stays within a radius of its start, raises an occasional alarm, drains or
 * charges its battery, and burns fuel as it drives (and idles), filling up at a park when the tank runs low.
 */

export type Category = 'car' | 'truck' | 'van' | 'bus' | 'motorcycle' | 'animal' | 'person' | 'pet' | string;

export interface VehicleReport {
  time: Date;
  latitude: number;
  longitude: number;
  altitude: number;
  /** km/h */
  speedKph: number;
  /** degrees clockwise from north, the direction of the road */
  course: number;
  /** null for trackers without an ignition input (people, animals) */
  ignition: boolean | null;
  moving: boolean;
  /** 0-100 % */
  batteryLevel: number;
  /** external power, volts; null for trackers without */
  power: number | null;
  /** metres driven since the start */
  odometer: number;
  /** fuel level, litres; null for trackers without a fuel sensor (people, animals) */
  fuel: number | null;
  satellites: number;
  /** set on the one report that raises it */
  alarm: 'sos' | null;
  /** further attributes the tracker sends (a pet collar's steps and heart rate), by their attribute key */
  extras?: Record<string, number | boolean>;
}

export interface VehicleProfile {
  /** km/h */
  maxSpeed: number;
  /** m/s² */
  acceleration: number;
  braking: number;
  /** segment length range in metres */
  block: [number, number];
  /** chance of waiting at a crossing, and how long (s) */
  crossingWait: [number, number, number];
  /** driving time (s) before parking, parking time (s) */
  drive: [number, number];
  park: [number, number];
  hasIgnition: boolean;
  /** tank, litres (0: no fuel sensor), and consumption, litres per 100 km */
  tank: number;
  consumption: number;
}

// parks run from a minute (inside a trip) to half an hour or more (a stop of its own)
const profiles: Record<string, VehicleProfile> = {
  car: profile(110, 2.5, [150, 900], [0.3, 10, 60], [300, 1200], [60, 1500], [50, 7]),
  van: profile(100, 2, [150, 800], [0.3, 10, 60], [300, 1200], [60, 1800], [70, 9]),
  truck: profile(90, 1.2, [300, 1200], [0.25, 10, 60], [600, 1800], [120, 2400], [400, 30]),
  bus: profile(70, 1.2, [200, 500], [0.7, 15, 45], [600, 1500], [60, 900], [250, 35]),
  motorcycle: profile(110, 3.5, [150, 900], [0.25, 5, 40], [300, 1200], [60, 1500], [15, 4]),
  person: { ...profile(6, 0.5, [50, 300], [0.3, 5, 60], [300, 900], [120, 600], [0, 0]), hasIgnition: false },
  animal: { ...profile(12, 1, [20, 150], [0.4, 10, 120], [120, 600], [120, 600], [0, 0]), hasIgnition: false },
};
profiles.pet = profiles.animal as VehicleProfile;

function profile(
  maxSpeed: number,
  acceleration: number,
  block: [number, number],
  crossingWait: [number, number, number],
  drive: [number, number],
  park: [number, number],
  [tank, consumption]: [number, number],
): VehicleProfile {
  return { maxSpeed, acceleration, braking: 3, block, crossingWait, drive, park, hasIgnition: true, tank, consumption };
}

export function profileOf(category: Category | undefined): VehicleProfile {
  return profiles[category ?? 'car'] ?? (profiles.car as VehicleProfile);
}

/** A small seeded generator (mulberry32) so that a simulation can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EARTH = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function distanceMeters(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function bearingDegrees(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const y = Math.sin(rad(bLon - aLon)) * Math.cos(rad(bLat));
  const x =
    Math.cos(rad(aLat)) * Math.sin(rad(bLat)) - Math.sin(rad(aLat)) * Math.cos(rad(bLat)) * Math.cos(rad(bLon - aLon));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

type Phase = 'driving' | 'crossing' | 'parked';

export interface VehicleOptions {
  latitude: number;
  longitude: number;
  category?: Category;
  /** the walk turns back towards the start beyond this distance (m). Default 5 km. */
  radiusMeters?: number;
  random?: () => number;
  /** chance per report of an alarm. Default 1/1500. */
  alarmChance?: number;
  /** start parked (ignition off) rather than driving. */
  parked?: boolean;
  now?: Date;
}

export class SimulatedVehicle {
  readonly profile: VehicleProfile;
  private readonly random: () => number;
  private readonly radius: number;
  private readonly alarmChance: number;
  private readonly center: { latitude: number; longitude: number };
  private latitude: number;
  private longitude: number;
  private altitude: number;
  private course: number;
  private speed = 0; // m/s
  private segmentLeft: number;
  private segmentLimit: number; // m/s
  /** what happens at the end of the segment: park, wait at the crossing, or turn without stopping */
  private segmentEnd: 'park' | 'wait' | 'turn' = 'turn';
  private phase: Phase;
  private phaseLeft: number; // s of waiting (crossing, parked) or of driving before parking
  private driveLeft: number;
  private odometer = 0;
  private fuel: number;
  /** s of the current park with the engine still running */
  private idleLeft = 0;
  /** litres a second while filling up at this park (0: not filling) */
  private filling = 0;
  private battery: number;
  private time: Date;

  constructor(options: VehicleOptions) {
    this.random = options.random ?? Math.random;
    this.profile = profileOf(options.category);
    this.radius = options.radiusMeters ?? 5000;
    this.alarmChance = options.alarmChance ?? 1 / 1500;
    this.center = { latitude: options.latitude, longitude: options.longitude };
    // Start somewhere on the grid near the centre, heading along one of its axes.
    const offset = this.between(0, this.radius / 3);
    const angle = this.between(0, 360);
    [this.latitude, this.longitude] = move(options.latitude, options.longitude, angle, offset);
    this.altitude = this.between(20, 200);
    this.course = Math.floor(this.random() * 4) * 90;
    this.segmentLeft = this.between(...this.profile.block);
    this.segmentLimit = this.limit();
    this.segmentEnd = this.random() < this.profile.crossingWait[0] ? 'wait' : 'turn';
    this.phase = options.parked ? 'parked' : 'driving';
    this.phaseLeft = options.parked ? this.between(...this.profile.park) : 0;
    this.driveLeft = this.between(...this.profile.drive);
    this.battery = this.between(60, 100);
    this.fuel = this.profile.tank * this.between(0.35, 0.95);
    this.time = options.now ?? new Date();
  }

  /** Advances the vehicle by `seconds` (in steps of at most one second) and reports where it is. */
  advance(seconds: number, now?: Date): VehicleReport {
    let left = seconds;
    while (left > 0) {
      const dt = Math.min(1, left);
      this.step(dt);
      left -= dt;
    }
    this.time = now ?? new Date(this.time.getTime() + seconds * 1000);
    const alarm = this.random() < this.alarmChance ? 'sos' : null;
    const ignition = this.profile.hasIgnition ? this.phase !== 'parked' || this.idleLeft > 0 : null;
    return {
      time: this.time,
      latitude: this.latitude,
      longitude: this.longitude,
      altitude: Math.round(this.altitude),
      speedKph: Math.round(this.speed * 3.6 * 10) / 10,
      course: Math.round(this.course) % 360,
      ignition,
      moving: this.speed > 0.5,
      batteryLevel: Math.round(this.battery),
      power: this.profile.hasIgnition ? (ignition ? 13.8 : 12.4) : null,
      odometer: Math.round(this.odometer),
      fuel: this.profile.tank > 0 ? Math.round(this.fuel * 10) / 10 : null,
      satellites: 7 + Math.floor(this.random() * 6),
      alarm,
    };
  }

  private step(dt: number): void {
    const chargeRate = this.profile.hasIgnition ? 0.02 : 0;
    if (this.phase === 'parked') {
      this.speed = 0;
      this.battery = Math.max(5, this.battery - 0.002 * dt);
      if (this.idleLeft > 0) {
        this.idleLeft -= dt;
        this.burn(0, dt);
      } else if (this.filling > 0) {
        this.fuel = Math.min(this.profile.tank, this.fuel + this.filling * dt);
      }
      this.phaseLeft -= dt;
      if (this.phaseLeft <= 0) {
        this.phase = 'driving';
        this.driveLeft = this.between(...this.profile.drive);
      }
      return;
    }
    this.battery = this.profile.hasIgnition
      ? Math.min(100, this.battery + chargeRate * dt)
      : Math.max(5, this.battery - 0.004 * dt);
    if (this.phase === 'crossing') {
      this.speed = 0;
      this.burn(0, dt);
      this.phaseLeft -= dt;
      if (this.phaseLeft <= 0) this.phase = 'driving';
      return;
    }
    this.driveLeft -= dt;
    // Speed: towards the limit, but never faster than lets it brake (at 80 % of its braking) to the speed it
    // needs at the end of the segment: a turning speed, or a stop. The last metres up to a stop line at walking pace.
    const turnSpeed = Math.min(this.segmentLimit, 15 / 3.6 + (this.profile.maxSpeed / 3.6) * 0.1);
    const endSpeed = this.segmentEnd === 'turn' ? turnSpeed : 0;
    const b = this.profile.braking * 0.8 * dt;
    const allowed = -b + Math.sqrt(b * b + endSpeed ** 2 + 2 * this.profile.braking * 0.8 * this.segmentLeft);
    const target = Math.min(this.segmentLimit, allowed);
    if (this.speed < target) this.speed = Math.min(target, this.speed + this.profile.acceleration * dt);
    else this.speed = Math.max(target, this.speed - this.profile.braking * dt);
    this.speed = Math.max(this.speed, Math.min(1, this.segmentLeft / dt));
    const travelled = Math.min(this.speed * dt, this.segmentLeft);
    [this.latitude, this.longitude] = move(this.latitude, this.longitude, this.course, travelled);
    this.altitude = Math.max(0, this.altitude + (this.random() - 0.5) * 0.5 * travelled * 0.05);
    this.odometer += travelled;
    this.burn(travelled, dt);
    this.segmentLeft -= travelled;
    if (this.segmentLeft <= 0.01) this.endOfSegment();
  }

  /** At a crossing: park, wait, or go on; then turn onto the next segment and decide how it ends. */
  private endOfSegment(): void {
    if (this.segmentEnd === 'park') {
      this.phase = 'parked';
      this.phaseLeft = this.between(...this.profile.park);
      // now and then the engine runs on for a few minutes; a low tank is filled up (over two minutes or so)
      this.idleLeft = this.profile.hasIgnition && this.random() < 0.3 ? this.between(120, 300) : 0;
      const low = this.profile.tank > 0 && this.fuel < this.profile.tank * 0.3;
      this.filling = low ? this.profile.tank / this.between(100, 200) : 0;
      if (low) this.phaseLeft = Math.max(this.phaseLeft, this.idleLeft + 400);
    } else if (this.segmentEnd === 'wait') {
      this.phase = 'crossing';
      this.phaseLeft = this.between(this.profile.crossingWait[1], this.profile.crossingWait[2]);
    }
    if (this.phase !== 'driving') this.speed = 0;
    this.course = this.nextCourse();
    this.segmentLeft = this.between(...this.profile.block);
    this.segmentLimit = this.limit();
    this.segmentEnd =
      this.driveLeft <= 0 && this.phase === 'driving'
        ? 'park'
        : this.random() < this.profile.crossingWait[0]
          ? 'wait'
          : 'turn';
  }

  /** Fuel burnt over `metres` (and idling: a litre an hour for a car, more for bigger engines). */
  private burn(metres: number, dt: number): void {
    if (this.profile.tank === 0) return;
    const idle = (this.profile.consumption / 7) * (dt / 3600);
    this.fuel = Math.max(0, this.fuel - (metres / 100_000) * this.profile.consumption - idle);
  }

  private nextCourse(): number {
    const away = distanceMeters(this.center.latitude, this.center.longitude, this.latitude, this.longitude);
    if (away > this.radius) {
      // Back towards the start, along the grid axis closest to it.
      const home = bearingDegrees(this.latitude, this.longitude, this.center.latitude, this.center.longitude);
      return (Math.round(home / 90) * 90) % 360;
    }
    const r = this.random();
    const turn = r < 0.5 ? 0 : r < 0.72 ? 90 : r < 0.94 ? -90 : r < 0.97 ? 45 : -45;
    return (((this.course + turn) % 360) + 360) % 360;
  }

  /** The speed limit of a new segment (m/s): mostly town streets, some roads, a few fast roads. */
  private limit(): number {
    const max = this.profile.maxSpeed;
    const r = this.random();
    const kph = r < 0.55 ? Math.min(max, 50) * this.between(0.6, 1) : r < 0.85 ? max * this.between(0.6, 0.85) : max;
    return kph / 3.6;
  }

  private between(min: number, max: number): number {
    return min + this.random() * (max - min);
  }
}

/** The point `meters` away from (lat, lon) along `bearing`. */
export function move(latitude: number, longitude: number, bearing: number, meters: number): [number, number] {
  const d = meters / EARTH;
  const b = rad(bearing);
  const lat1 = rad(latitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    rad(longitude) +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [deg(lat2), ((deg(lon2) + 540) % 360) - 180];
}
