import { convertSpeed, type SpeedUnit, speedToKnots } from '../../lib/format/units';
import { round } from '../../lib/preferences';

/** Inherited event settings edited on a group, in the units shown in the form. */
export interface GroupSettings {
  speedLimit: number | string;
  overspeedMinimalDuration: number | string;
  geofenceDwell: number | string;
  inactivityPeriod: number | string;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : '');

/** Group attributes (speedLimit knots, overspeedMinimalDuration ms, geofenceDwell s, inactivityPeriod ms) → form. */
export function settingsFromAttributes(attributes: Record<string, unknown>, unit: SpeedUnit): GroupSettings {
  const speed = num(attributes.speedLimit);
  const overspeed = num(attributes.overspeedMinimalDuration);
  const inactivity = num(attributes.inactivityPeriod);
  return {
    speedLimit: speed === '' ? '' : round(convertSpeed(speed, unit)),
    overspeedMinimalDuration: overspeed === '' ? '' : overspeed / 1000,
    geofenceDwell: num(attributes.geofenceDwell),
    inactivityPeriod: inactivity === '' ? '' : inactivity / 60_000,
  };
}

/** Form → attributes, keeping the group's other attributes; an empty field removes the key (inherit again). */
export function attributesFromSettings(
  previous: Record<string, unknown>,
  settings: GroupSettings,
  unit: SpeedUnit,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...previous };
  const set = (key: string, value: number | string, convert: (n: number) => number) => {
    if (value === '' || Number.isNaN(Number(value))) delete next[key];
    else next[key] = convert(Number(value));
  };
  set('speedLimit', settings.speedLimit, (n) => speedToKnots(n, unit));
  set('overspeedMinimalDuration', settings.overspeedMinimalDuration, (n) => Math.round(n * 1000));
  set('geofenceDwell', settings.geofenceDwell, (n) => Math.round(n));
  set('inactivityPeriod', settings.inactivityPeriod, (n) => Math.round(n * 60_000));
  return next;
}
