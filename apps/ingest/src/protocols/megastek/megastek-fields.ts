import { isoTimeOf } from '../../codec/dates';

/** Events of the `$MGV002` and STX reports, normalised (lower case, no blanks or dashes), to Traccar's alarms. */
const ALARMS: Readonly<Record<string, string>> = {
  sos: 'sos',
  pwon: 'powerOn',
  pwoff: 'powerOff',
  lowbattery: 'lowBattery',
  lowbat: 'lowBattery',
  lowextvol: 'lowPower',
  extpwoff: 'powerCut',
  overspeed: 'overspeed',
  speed: 'overspeed',
  geofencein: 'geofenceEnter',
  geofenceout: 'geofenceExit',
  move: 'movement',
  vibration: 'vibration',
  falldown: 'fallDown',
  tamper: 'tampering',
};

export function megastekAlarm(event: string | undefined): string | undefined {
  if (!event) return undefined;
  return ALARMS[event.toLowerCase().replace(/[\s_-]/g, '')];
}

/** Degrees from NMEA's (d)ddmm.mmmm text. */
export function nmeaDegrees(text: string, hemisphere: string | undefined, negative: string): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`bad coordinate: ${text}`);
  const value = Number(text);
  const degrees = Math.trunc(value / 100);
  const result = degrees + (value - degrees * 100) / 60;
  return hemisphere === negative ? -result : result;
}

/** Date `ddmmyy` and time `hhmmss[.sss]` as ISO-8601. */
export function dmyTime(date: string | undefined, time: string | undefined): string {
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date ?? '');
  const t = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/.exec(time ?? '');
  if (!d || !t) throw new Error(`bad date/time: ${date} ${time}`);
  return isoTimeOf(Number(d[3]), Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]));
}

/** Speed and course as the contract holds them: a garbled value refuses the report. */
export function checkMotion(speed: number, course: number): void {
  if (!(speed >= 0) || !(course >= 0 && course <= 360)) throw new Error(`bad speed/course: ${speed}, ${course}`);
}
