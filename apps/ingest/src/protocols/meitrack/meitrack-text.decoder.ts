import type { PositionAttributes } from '@waymark/contracts/position';
import { strictIsoTime } from '../../codec/dates';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph, parseJavaDouble, parseJavaInt } from '../../codec/units';
import type { DecodedPosition } from '../protocol.types';

/** Event codes that are alarms (Meitrack's event code table, Traccar's alarm names). */
const ALARMS: Readonly<Record<number, string>> = {
  1: 'sos',
  17: 'lowBattery',
  18: 'lowPower',
  19: 'overspeed',
  20: 'geofenceEnter',
  21: 'geofenceExit',
  22: 'powerRestored',
  23: 'powerCut',
  36: 'tow',
  44: 'jamming',
  78: 'accident',
  90: 'cornering',
  91: 'cornering',
  129: 'braking',
  130: 'acceleration',
  135: 'fatigueDriving',
};

/**
 * The text report (AAA), the fields after `AAA,`: event, latitude, longitude, yyMMddHHmmss, A/V, satellites, GSM
 * signal, speed (km/h), course, HDOP, altitude, odometer (m), run time (s), `mcc|mnc|lac|cid` (lac and cid hex),
 * I/O (hex: inputs high byte, outputs low byte), `ad1|ad2|ad3|battery|power` (hex, volts in 1/100), then on newer
 * firmware event data, customised data, protocol version, fuel (hex, 1/100 %), temperature sensors
 * (`<n><value>` hex, `|`-separated) and a counted list of extra data fields (the taximeter in the 6th).
 */
export function decodeMeitrackAaa(content: string): DecodedPosition {
  const f = content.split(',');
  if (f.length < 13) throw new Error(`meitrack AAA has ${f.length} fields, at least 13 expected`);
  const field = (i: number) => f[i] ?? '';
  const event = int(field(0), 'event');
  const t = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(field(3));
  if (!t) throw new Error(`meitrack time ${JSON.stringify(field(3))} is malformed`);
  const position = newPositionAt(
    strictIsoTime(2000 + Number(t[1]), Number(t[2]), Number(t[3]), Number(t[4]), Number(t[5]), Number(t[6])),
  );
  const a = position.attributes;
  a.event = event;
  const alarm = ALARMS[event];
  if (alarm) a.alarm = alarm;
  setLocation(position, double(field(1), 'latitude'), double(field(2), 'longitude'));
  position.valid = field(4) === 'A';
  a.sat = int(field(5), 'satellites');
  const rssi = parseJavaInt(field(6));
  position.speed = knotsFromKph(double(field(7), 'speed'));
  position.course = double(field(8), 'course');
  a.hdop = double(field(9), 'hdop');
  position.altitude = double(field(10), 'altitude');
  a.odometer = int(field(11), 'odometer');
  a.runtime = field(12);

  const cell = field(13).split('|');
  if (cell.length === 4) {
    const [mcc, mnc, lac, cid] = [int(cell[0], 'mcc'), int(cell[1], 'mnc'), hex(cell[2]), hex(cell[3])];
    position.network = networkOf([
      cellTowerInRange(mcc, mnc, lac ?? -1, cid ?? -1, rssi === undefined ? undefined : -rssi),
    ]);
  }
  const io = hex(field(14));
  if (io !== undefined && field(14).length === 4) {
    a.input = io >> 8;
    a.output = io & 0xff;
  }
  decodeAnalog(a, field(15));
  if (field(16) !== '') a.eventData = field(16);
  const protocol = parseJavaInt(field(18)) ?? 0;
  const fuel = hex(field(19));
  if (fuel !== undefined) a.fuel = fuel / 100;
  decodeTemperatures(a, field(20), protocol);
  if (f.length > 22 && parseJavaInt(field(21)) !== undefined) decodeDataFields(a, f.slice(22));
  return position;
}

/** `ad1|ad2|ad3|battery|power`, hex; AD values raw, battery and power in volts. Empty values are left out. */
function decodeAnalog(a: PositionAttributes, text: string): void {
  if (text === '') return;
  text.split('|').forEach((value, i) => {
    const raw = hex(value);
    if (raw === undefined) return;
    if (i < 3) a[`adc${i + 1}`] = raw;
    else if (i === 3) a.battery = raw / 100;
    else if (i === 4) a.power = raw / 100;
  });
}

/**
 * Temperature sensors `<nn><vvvv>` (hex): from protocol version 3 the value is a signed 1/100 °C, before it an
 * integer byte then hundredths.
 */
function decodeTemperatures(a: PositionAttributes, text: string, protocol: number): void {
  for (const sensor of text.split('|')) {
    if (!/^[0-9A-Fa-f]{6}$/.test(sensor)) continue;
    const index = Number.parseInt(sensor.slice(0, 2), 16);
    let value: number;
    if (protocol >= 3) {
      const raw = Number.parseInt(sensor.slice(2), 16);
      value = (raw >= 0x8000 ? raw - 0x10000 : raw) / 100;
    } else {
      const whole = Number.parseInt(sensor.slice(2, 4), 16);
      const signed = whole >= 0x80 ? whole - 0x100 : whole;
      const hundredths = Number.parseInt(sensor.slice(4), 16) / 100;
      value = signed < 0 ? signed - hundredths : signed + hundredths;
    }
    a[`temp${index}`] = Math.round(value * 100) / 100;
  }
}

/** The counted data fields: the 2nd is temperature data, the 6th the taximeter (`<state>|<start>[|end|…]`). */
function decodeDataFields(a: PositionAttributes, values: readonly string[]): void {
  if (values[1]) a.tempData = values[1];
  const taximeter = values[5];
  if (!taximeter) return;
  const data = taximeter.split('|');
  a.taximeterOn = (data[0] ?? '').charAt(1) === '0';
  if (data[1] !== undefined) a.taximeterStart = data[1];
  if (data.length > 2) {
    a.taximeterEnd = data[2] ?? '';
    const distance = parseJavaInt(data[3] ?? '');
    const fare = parseJavaInt(data[4] ?? '');
    if (distance !== undefined) a.taximeterDistance = distance;
    if (fare !== undefined) a.taximeterFare = fare;
    a.taximeterTrip = data[5] ?? '';
    a.taximeterWait = data[6] ?? '';
  }
}

function int(text: string | undefined, name: string): number {
  const value = parseJavaInt(text ?? '');
  if (value === undefined) throw new Error(`meitrack ${name} ${JSON.stringify(text)} is not a number`);
  return value;
}

function double(text: string, name: string): number {
  const value = parseJavaDouble(text);
  if (value === undefined) throw new Error(`meitrack ${name} ${JSON.stringify(text)} is not a number`);
  return value;
}

const hex = (text: string | undefined): number | undefined =>
  text && /^[0-9A-Fa-f]{1,8}$/.test(text) ? Number.parseInt(text, 16) : undefined;

/** A command reply (`C01,OK`, `A12,OK`, …): an outdated position carrying the reply text as `result`. */
export function meitrackResult(content: string): DecodedPosition {
  const position = newPositionAt();
  position.attributes.result = content;
  return position;
}
