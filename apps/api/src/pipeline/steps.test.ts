import { describe, expect, it } from 'vitest';
import { applyDistance, distanceMetres } from './distance';
import { filterReason } from './filters';
import { applyHours, applyMotion, applyOutdated } from './motion';
import type { LastPosition, WorkingPosition } from './types';
import { defaultPipelineConfig } from './types';

const now = new Date('2026-01-01T12:00:00Z');
function working(over: Partial<WorkingPosition> = {}): WorkingPosition {
  return {
    message: {} as WorkingPosition['message'],
    entryId: '1-0',
    deviceId: 1,
    tenantId: 1,
    fixTime: new Date('2026-01-01T11:59:00Z'),
    deviceTime: new Date('2026-01-01T11:59:00Z'),
    serverTime: now,
    valid: true,
    latitude: 52.5,
    longitude: 13.4,
    altitude: 30,
    speed: 10,
    course: 90,
    accuracy: 0,
    outdated: false,
    attributes: {},
    geofenceIds: [],
    ...over,
  };
}
function last(over: Partial<LastPosition> = {}): LastPosition {
  return {
    fixTime: new Date('2026-01-01T11:58:00Z'),
    valid: true,
    latitude: 52.5,
    longitude: 13.39,
    altitude: 30,
    speed: 10,
    course: 90,
    accuracy: 0,
    attributes: { totalDistance: 1000, hours: 60_000, ignition: true },
    geofenceIds: [],
    ...over,
  };
}

describe('filters', () => {
  const cfg = defaultPipelineConfig;
  it('keep a plausible position', () => expect(filterReason(working(), last(), cfg, now)).toBeNull());
  it('drop 0,0, far-future, duplicate and impossible jumps', () => {
    expect(filterReason(working({ latitude: 0, longitude: 0 }), null, cfg, now)).toBe('zero');
    expect(filterReason(working({ fixTime: new Date('2026-01-03T00:00:00Z') }), null, cfg, now)).toBe('future');
    expect(filterReason(working({ fixTime: last().fixTime }), last(), cfg, now)).toBe('duplicate');
    expect(filterReason(working({ latitude: 40, longitude: 0 }), last(), cfg, now)).toBe('jump');
  });
  it('can each be switched off, and invalid fixes are kept unless asked', () => {
    const off = { ...cfg, filterZero: false, filterFutureMs: 0, filterDuplicate: false, filterMaxSpeedKnots: 0 };
    expect(filterReason(working({ latitude: 0, longitude: 0 }), null, off, now)).toBeNull();
    expect(filterReason(working({ latitude: 40, longitude: 0 }), last(), off, now)).toBeNull();
    expect(filterReason(working({ valid: false }), null, cfg, now)).toBeNull();
    expect(filterReason(working({ valid: false }), null, { ...cfg, filterInvalid: true }, now)).toBe('invalid');
  });
});

describe('distance, motion, hours, outdated', () => {
  it('adds the distance from the latest position to the running total (metres)', () => {
    const p = working();
    applyDistance(p, last());
    const expected = distanceMetres(52.5, 13.39, 52.5, 13.4);
    expect(p.attributes.distance).toBeCloseTo(expected, 1);
    expect(p.attributes.totalDistance).toBeCloseTo(1000 + expected, 1);
    const archived = working({ fixTime: new Date('2026-01-01T11:00:00Z') });
    applyDistance(archived, last());
    expect(archived.attributes).toMatchObject({ distance: 0, totalDistance: 1000 });
  });
  it('sets motion from speed unless the device reports it', () => {
    const moving = working({ speed: 5 });
    applyMotion(moving, defaultPipelineConfig);
    expect(moving.attributes.motion).toBe(true);
    const stopped = working({ speed: 0 });
    applyMotion(stopped, defaultPipelineConfig);
    expect(stopped.attributes.motion).toBe(false);
    const told = working({ speed: 9, attributes: { motion: false } });
    applyMotion(told, defaultPipelineConfig);
    expect(told.attributes.motion).toBe(false);
  });
  it('counts engine hours while ignition stays on', () => {
    const on = working({ attributes: { ignition: true } });
    applyHours(on, last());
    expect(on.attributes.hours).toBe(60_000 + 60_000);
    const off = working({ attributes: { ignition: false } });
    applyHours(off, last());
    expect(off.attributes.hours).toBe(60_000);
  });
  it('gives a message without its own location the latest one', () => {
    const status = working({ outdated: true, latitude: 0, longitude: 0, speed: 3 });
    applyOutdated(status, last());
    expect(status).toMatchObject({ latitude: 52.5, longitude: 13.39, speed: 0 });
  });
});
