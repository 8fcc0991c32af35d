import type { PetHeatCell, PetPlace } from '@waymark/contracts/pet';
import { distanceMetres } from '@waymark/geo/contains';

/**
 * Where a pet spends its time. The database folds the track into runs: consecutive positions in one grid cell
 * of about 30 m (pets.queries.ts). Here, pure:
 * - a stay joins consecutive runs that keep within STAY_RADIUS metres of the stay's centre, with no silence longer
 *   than MAX_SILENCE_MINUTES between them, and counts when it lasts MIN_STAY_MINUTES or more;
 * - places gather stays whose centres lie within PLACE_RADIUS metres of the place's centre, the longest stays
 *   first, so that a place is centred where the pet stays the longest; dwell is their summed length.
 */

export const STAY_RADIUS = 80;
export const MAX_SILENCE_MINUTES = 60;
export const MIN_STAY_MINUTES = 10;
export const PLACE_RADIUS = 120;
export const MAX_PLACES = 50;

/** Consecutive positions within one grid cell. */
export interface TrackRun {
  start: Date;
  end: Date;
  latitude: number;
  longitude: number;
  count: number;
}

export interface Stay {
  start: Date;
  end: Date;
  latitude: number;
  longitude: number;
}

/** The stays of a track (runs oldest first). */
export function detectStays(runs: readonly TrackRun[]): Stay[] {
  const stays: Stay[] = [];
  let current: (Stay & { weight: number }) | null = null;
  const close = () => {
    if (current && current.end.getTime() - current.start.getTime() >= MIN_STAY_MINUTES * 60_000) {
      const { weight: _, ...stay } = current;
      stays.push(stay);
    }
    current = null;
  };
  for (const run of runs) {
    const c = current as (Stay & { weight: number }) | null;
    const near =
      c !== null &&
      run.start.getTime() - c.end.getTime() <= MAX_SILENCE_MINUTES * 60_000 &&
      distanceMetres(c.latitude, c.longitude, run.latitude, run.longitude) <= STAY_RADIUS;
    if (c && near) {
      // the centre moves to the weighted mean of its positions
      const weight = c.weight + run.count;
      c.latitude = (c.latitude * c.weight + run.latitude * run.count) / weight;
      c.longitude = (c.longitude * c.weight + run.longitude * run.count) / weight;
      c.weight = weight;
      c.end = run.end;
    } else {
      close();
      current = { start: run.start, end: run.end, latitude: run.latitude, longitude: run.longitude, weight: run.count };
    }
  }
  close();
  return stays;
}

const minutesOf = (s: Stay) => (s.end.getTime() - s.start.getTime()) / 60_000;

/** Places from stays, the longest dwell first, at most MAX_PLACES. */
export function clusterPlaces(stays: readonly Stay[]): PetPlace[] {
  const places: { centre: Stay; members: Stay[] }[] = [];
  for (const stay of [...stays].sort((a, b) => minutesOf(b) - minutesOf(a))) {
    const place = places.find(
      (p) => distanceMetres(p.centre.latitude, p.centre.longitude, stay.latitude, stay.longitude) <= PLACE_RADIUS,
    );
    if (place) place.members.push(stay);
    else places.push({ centre: stay, members: [stay] });
  }
  return places
    .map(({ members }) => {
      const dwell = members.reduce((sum, s) => sum + minutesOf(s), 0);
      // the centre weighted by time spent
      const latitude = members.reduce((sum, s) => sum + s.latitude * minutesOf(s), 0) / dwell;
      const longitude = members.reduce((sum, s) => sum + s.longitude * minutesOf(s), 0) / dwell;
      const spread = Math.max(...members.map((s) => distanceMetres(latitude, longitude, s.latitude, s.longitude)));
      return {
        latitude: Math.round(latitude * 1e6) / 1e6,
        longitude: Math.round(longitude * 1e6) / 1e6,
        radius: Math.round(Math.max(25, spread + 25)),
        dwellMinutes: Math.round(dwell),
        visits: members.length,
        firstArrival: new Date(Math.min(...members.map((s) => s.start.getTime()))).toISOString(),
        lastDeparture: new Date(Math.max(...members.map((s) => s.end.getTime()))).toISOString(),
      };
    })
    .sort((a, b) => b.dwellMinutes - a.dwellMinutes)
    .slice(0, MAX_PLACES);
}

/** Heat-map cells with their weight: the time spent in each against the busiest cell's. */
export function heatCells(cells: readonly { latitude: number; longitude: number; minutes: number }[]): PetHeatCell[] {
  const max = Math.max(0, ...cells.map((c) => c.minutes));
  if (max === 0) return [];
  return cells.map((c) => ({
    latitude: c.latitude,
    longitude: c.longitude,
    minutes: Math.round(c.minutes * 10) / 10,
    weight: Math.round((c.minutes / max) * 1000) / 1000,
  }));
}
