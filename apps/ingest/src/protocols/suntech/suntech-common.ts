import type { PositionAttributes } from '@waymark/contracts/position';
import { strictIsoTime } from '../../codec/dates';
import { parseJavaDouble, parseJavaInt } from '../../codec/units';

/**
 * What a Suntech device was set up to append to its legacy reports (the report does not say): Traccar's
 * `suntech.hbm`, `suntech.includeAdc`, `suntech.includeRpm`, `suntech.includeTemp`. All off by default, as there.
 */
export interface SuntechOptions {
  /** hour meter, backup battery and message type after the report (HBM_STT = 1); the driver id follows */
  hbm?: boolean;
  /** three analog inputs after the message type */
  includeAdc?: boolean;
  /** engine RPM after the analog inputs */
  includeRpm?: boolean;
  /** three temperature sensors at the end */
  includeTemp?: boolean;
}

/** Suntech alert ids that are alarms (Traccar's names). */
const ALERTS: Readonly<Record<number, string>> = {
  1: 'overspeed',
  3: 'gpsAntennaCut',
  5: 'geofenceExit',
  6: 'geofenceEnter',
  14: 'lowBattery',
  15: 'vibration',
  16: 'accident',
  40: 'powerRestored',
  41: 'powerCut',
  46: 'acceleration',
  47: 'braking',
  48: 'cornering',
  50: 'jamming',
};

export function setAlert(attributes: PositionAttributes, alertId: number | undefined): void {
  const alarm = alertId === undefined ? undefined : ALERTS[alertId];
  if (alarm) attributes.alarm = alarm;
}

/** `YYYYMMDD` and `HH:MM:SS` in UTC. */
export function suntechTime(date: string | undefined, time: string | undefined): string {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date ?? '');
  const t = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time ?? '');
  if (!d || !t) throw new Error(`suntech date/time ${JSON.stringify(`${date} ${time}`)} is malformed`);
  return strictIsoTime(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3]));
}

export function double(text: string | undefined, name: string): number {
  const value = parseJavaDouble(text ?? '');
  if (value === undefined) throw new Error(`suntech ${name} ${JSON.stringify(text)} is not a number`);
  return value;
}

export function int(text: string | undefined, name: string): number {
  const value = parseJavaInt(text ?? '');
  if (value === undefined) throw new Error(`suntech ${name} ${JSON.stringify(text)} is not a number`);
  return value;
}

export const hexInt = (text: string | undefined): number | undefined =>
  text && /^[0-9A-Fa-f]{1,8}$/.test(text) ? Number.parseInt(text, 16) : undefined;

export const isLatitude = (field: string | undefined) => /^[+-]?\d{1,3}\.\d+$/.test(field ?? '');

/** Fields read one after the other. */
export class FieldCursor {
  constructor(
    readonly fields: readonly string[],
    public index = 0,
  ) {}
  next(): string | undefined {
    return this.fields[this.index++];
  }
  get done(): boolean {
    return this.index >= this.fields.length;
  }
}
