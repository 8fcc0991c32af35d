import { describe, expect, it } from 'vitest';
import type { VehicleReport } from './vehicle';
import { bearingDegrees, distanceMeters, SimulatedVehicle, seededRandom } from './vehicle';

const center = { latitude: 45.76, longitude: 4.84 };

function drive(category: string, seconds: number, step = 1, seed = 7): VehicleReport[] {
  const vehicle = new SimulatedVehicle({ ...center, category, random: seededRandom(seed), now: new Date(0) });
  return Array.from({ length: seconds / step }, () => vehicle.advance(step));
}

const angle = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('SimulatedVehicle', () => {
  it('a car drives at 0-110 km/h with bounded acceleration, parks with the ignition off, stays near its start', () => {
    const reports = drive('car', 4 * 3600);
    const speeds = reports.map((r) => r.speedKph);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(110);
    expect(Math.max(...speeds)).toBeGreaterThan(60);
    for (let i = 1; i < reports.length; i++) {
      const dv = ((speeds[i] as number) - (speeds[i - 1] as number)) / 3.6;
      expect(dv).toBeLessThanOrEqual(2.5 + 0.1);
      expect(dv).toBeGreaterThanOrEqual(-3 - 0.1);
    }
    const parked = reports.filter((r) => r.ignition === false);
    expect(parked.length).toBeGreaterThan(120); // a stop of minutes
    expect(parked.every((r) => r.speedKph === 0)).toBe(true);
    expect(reports.filter((r) => r.ignition === true && r.speedKph === 0).length).toBeGreaterThan(0); // crossings
    const far = Math.max(
      ...reports.map((r) => distanceMeters(center.latitude, center.longitude, r.latitude, r.longitude)),
    );
    expect(far).toBeLessThan(5000 + 2000);
    expect(reports.at(-1)?.odometer).toBeGreaterThan(10_000);
    expect(reports.at(-1)?.time.toISOString()).toBe('1970-01-01T04:00:00.000Z');
  });

  it('the course is the direction of travel', () => {
    const reports = drive('car', 3600);
    let checked = 0;
    for (let i = 1; i < reports.length; i++) {
      const [a, b] = [reports[i - 1] as VehicleReport, reports[i] as VehicleReport];
      const moved = distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude);
      if (moved < 5 || a.course !== b.course) continue; // turning at a crossing
      expect(angle(bearingDegrees(a.latitude, a.longitude, b.latitude, b.longitude), b.course)).toBeLessThan(1);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('people walk, have no ignition; batteries stay 5-100 %; an alarm now and then', () => {
    const walk = drive('person', 3600);
    expect(Math.max(...walk.map((r) => r.speedKph))).toBeLessThanOrEqual(6);
    expect(walk.every((r) => r.ignition === null && r.power === null)).toBe(true);
    const all = [...walk, ...drive('truck', 3 * 3600, 5, 3)];
    expect(all.every((r) => r.batteryLevel >= 5 && r.batteryLevel <= 100)).toBe(true);
    const alarms = all.filter((r) => r.alarm === 'sos').length;
    expect(alarms).toBeGreaterThan(0);
    expect(alarms).toBeLessThan(all.length / 200);
  });

  it('parks long enough for stops, idles at some, burns fuel and fills up when low', () => {
    const day = drive('car', 24 * 3600, 10, 11);
    // runs of reports standing still with the ignition off: some longer than five minutes (a stop of its own)
    const parks: number[] = [];
    let run = 0;
    for (const r of day) {
      if (!r.moving && r.ignition === false) run += 10;
      else if (run > 0) {
        parks.push(run);
        run = 0;
      }
    }
    expect(parks.filter((s) => s >= 300).length).toBeGreaterThan(10);
    expect(day.filter((r) => !r.moving && r.ignition === true).length).toBeGreaterThan(30);
    const fuel = day.map((r) => r.fuel as number);
    expect(fuel.every((f) => f >= 0 && f <= 50)).toBe(true);
    const rises = fuel.slice(1).filter((f, i) => f > (fuel[i] as number) + 0.5).length;
    expect(rises).toBeGreaterThan(2); // filling up over a minute or two
    expect(drive('person', 600).every((r) => r.fuel === null)).toBe(true);
  });
});
