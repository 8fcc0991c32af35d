import { describe, expect, it } from 'vitest';
import { decodeOsmand } from '../protocols/osmand/osmand.decoder';
import { testSession } from '../testing/traccar-vectors';
import { osmandPath } from './osmand-request';
import { SimulatedPet } from './pet';
import { distanceMeters } from './vehicle';

const HOME = { latitude: 48.85, longitude: 2.35 };
const dog = () => new SimulatedPet({ species: 'dog', home: HOME, seed: 7, timeZone: 'UTC' });
/** Readings every minute of one UTC day. */
const day = (pet: SimulatedPet, date = '2026-05-01') =>
  Array.from({ length: 1440 }, (_, m) => pet.readingAt(new Date(Date.parse(`${date}T00:00:00Z`) + m * 60_000)));

describe('SimulatedPet', () => {
  it('sleeps at night and walks in the morning and the evening', () => {
    const readings = day(dog());
    const night = readings.slice(0, 6 * 60);
    expect(night.every((r) => !r.motion && r.steps === 0)).toBe(true);
    expect(Math.max(...night.map((r) => r.heartRate))).toBeLessThan(70);
    const active = readings.filter((r) => r.motion);
    // two walks of 30-60 minutes and a few short games
    expect(active.length).toBeGreaterThan(60);
    expect(active.length).toBeLessThan(200);
    expect(readings.slice(7 * 60, 9 * 60).some((r) => r.motion)).toBe(true);
    expect(readings.slice(18 * 60, 20 * 60).some((r) => r.motion)).toBe(true);
    expect(Math.min(...active.map((r) => r.heartRate))).toBeGreaterThan(120);
    const far = Math.max(
      ...readings.map((r) => distanceMeters(HOME.latitude, HOME.longitude, r.latitude, r.longitude)),
    );
    expect(far).toBeGreaterThan(250);
    expect(far).toBeLessThan(900);
  });

  it('counts steps up through the day and from zero after midnight', () => {
    const readings = day(dog());
    for (let i = 1; i < readings.length; i++) {
      expect(readings[i]?.steps).toBeGreaterThanOrEqual(readings[i - 1]?.steps as number);
    }
    const total = readings.at(-1)?.steps as number;
    expect(total).toBeGreaterThan(6000);
    expect(total).toBeLessThan(16000);
    expect(dog().readingAt(new Date('2026-05-02T00:00:30Z')).steps).toBe(0);
  });

  it('tells the same story twice, and another day differs', () => {
    const a = day(dog());
    expect(day(dog())).toEqual(a);
    expect(day(dog(), '2026-05-02').map((r) => r.motion)).not.toEqual(a.map((r) => r.motion));
  });

  it('keeps a cat near home, out at dawn and dusk', () => {
    const cat = new SimulatedPet({ species: 'cat', home: HOME, seed: 3, timeZone: 'UTC' });
    const readings = day(cat);
    expect(readings.slice(0, 4 * 60).every((r) => !r.motion)).toBe(true);
    expect(readings.slice(5 * 60, 8 * 60).some((r) => r.motion)).toBe(true);
    const far = Math.max(
      ...readings.map((r) => distanceMeters(HOME.latitude, HOME.longitude, r.latitude, r.longitude)),
    );
    expect(far).toBeLessThan(120);
  });

  it('reports steps and heart rate as OsmAnd parameters', () => {
    const report = dog().advance(5, new Date('2026-05-01T12:00:00Z'));
    const query = new URLSearchParams(osmandPath('123', report).slice(2));
    expect(Number(query.get('steps'))).toBe(report.extras?.steps);
    expect(Number(query.get('heartRate'))).toBe(report.extras?.heartRate);
    expect(query.get('motion')).toBe(String(report.moving));
    expect(query.get('batt')).toBe(String(report.batteryLevel));
  });

  it('reaches the ingest as the attributes the pet reports read', () => {
    const report = dog().advance(5, new Date('2026-05-01T07:40:00Z'));
    const url = osmandPath('123', report);
    const session = testSession({ protocol: 'osmand', transport: 'http' });
    const [position] = decodeOsmand({ method: 'GET', url, headers: {}, body: Buffer.alloc(0) }, session).messages;
    expect(position?.attributes).toMatchObject({
      steps: report.extras?.steps,
      heartRate: report.extras?.heartRate,
      motion: report.moving,
      batteryLevel: report.batteryLevel,
    });
  });
});
