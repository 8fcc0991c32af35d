import { utcDate } from '../../codec/dates';
import { newPosition, type PositionDraft, setAttribute, setLocation, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder, SessionView } from '../protocol.types';
import { applyXirgoEvent } from './xirgo-event';

const KNOTS_PER_MPH = 0.868976;
const METRES_PER_MILE = 1609.34;
const N = '(-?\\d+\\.?\\d*)';

/** XT-2000/XT-4000 "old" report: imei, event, date, time, lat, lon, alt, speed, course, sats, hdop, battery, gsm, odometer, gps. */
const OLD = new RegExp(
  `^\\$\\$(\\d+),(\\d+),(\\d{4})/(\\d\\d)/(\\d\\d),(\\d\\d):(\\d\\d):(\\d\\d),${N},${N},${N},(\\d+\\.?\\d*),(\\d+\\.?\\d*),(\\d+),(\\d+\\.?\\d*),(\\d+\\.\\d+),(\\d+),(\\d+\\.?\\d*),(\\d+),`,
);

/**
 * XT-5000/XT-6000 "new" report: …, speed, acceleration, deceleration, reserved, course, sats, hdop, odometer (miles),
 * fuel consumption, battery, gsm, gps, then optionally reset mode, inputs/output, adc, fuel level, engine load,
 * engine hours, oil pressure/level/temperature, coolant pressure/level/temperature.
 */
const NEW = new RegExp(
  `^\\$\\$(\\d+),(\\d+),(\\d{4})/(\\d\\d)/(\\d\\d),(\\d\\d):(\\d\\d):(\\d\\d),${N},${N},${N},(\\d+\\.?\\d*),\\d+\\.?\\d*,\\d+\\.?\\d*,\\d+,` +
    '(\\d+\\.?\\d*),(\\d+),(\\d+\\.?\\d*),(\\d+\\.?\\d*),(\\d+\\.?\\d*),(\\d+\\.\\d+),(\\d+),(\\d+),' +
    '(?:\\d,([01])([01])([01])([01]),(\\d+\\.?\\d*),(\\d+\\.?\\d*),\\d+,(\\d+),(\\d+),(\\d+),(-?\\d+),(\\d+),(\\d+),(-?\\d+))?',
);

type Format = 'new' | 'old';

function decodeFixed(text: string, session: SessionView): DecodeResult {
  const learnt = session.state.format as Format | undefined;
  let format: Format | undefined;
  let m: RegExpExecArray | null = null;
  for (const candidate of learnt ? [learnt] : (['new', 'old'] as const)) {
    m = (candidate === 'new' ? NEW : OLD).exec(text);
    if (m) {
      format = candidate;
      break;
    }
  }
  if (!m || !format) return { messages: [] };
  const g = (i: number) => m[i] as string;
  const num = (i: number) => Number(g(i));
  const p = newPosition();
  applyXirgoEvent(p, num(2));
  setTime(p, utcDate(num(3), num(4), num(5), num(6), num(7), num(8)));
  setLocation(p, num(9), num(10));
  p.altitude = num(11);
  p.speed = num(12) * KNOTS_PER_MPH;
  let i = 13;
  p.course = num(i++);
  p.attributes.sat = num(i++);
  p.attributes.hdop = num(i++);
  if (format === 'new') {
    p.attributes.odometer = num(i++) * METRES_PER_MILE;
    p.attributes.fuelConsumption = num(i++);
  }
  p.attributes.battery = num(i++);
  p.attributes.rssi = num(i++);
  if (format === 'old') p.attributes.odometer = num(i++) * METRES_PER_MILE;
  p.valid = num(i++) === 1;
  if (format === 'new' && m[i] !== undefined) {
    const keys = ['in1', 'in2', 'in3', 'out1', 'adc1', 'fuel', 'hours'];
    for (const key of keys) p.attributes[key] = num(i++);
    p.attributes.hours = (p.attributes.hours as number) * 3_600_000;
    for (const key of ['oilPressure', 'oilLevel', 'oilTemp', 'coolantPressure', 'coolantLevel', 'coolantTemp'])
      p.attributes[key] = num(i++);
  }
  const result: DecodeResult = { messages: [p], uniqueId: g(1) };
  if (learnt !== format) result.state = { ...session.state, format };
  return result;
}

function int(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new Error(`xirgo: not an integer: ${text}`);
  return Number(text);
}

function real(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`xirgo: not a number: ${text}`);
  return value;
}

/** A report laid out by a configured form: field codes (UID, EV, D, T, LT, LN, …) in the device's order. */
function decodeForm(text: string, form: readonly string[]): DecodeResult {
  const values = text.replace(/\$\$/g, '').replace(/##/g, '').split(',');
  if (values.length < form.length) return { messages: [] };
  const p: PositionDraft = newPosition();
  let uniqueId: string | undefined;
  const date = [0, 0, 0];
  const time = [0, 0, 0];
  let latitude = 0;
  let longitude = 0;
  form.forEach((key, index) => {
    const v = values[index] as string;
    switch (key) {
      case 'UID':
      case 'IM':
        uniqueId = v;
        break;
      case 'EV':
        applyXirgoEvent(p, int(v));
        break;
      case 'D': {
        const [month, day, year] = v.split('/').map(int);
        date.splice(0, 3, year ?? 0, month ?? 0, day ?? 0);
        break;
      }
      case 'T':
        time.splice(0, 3, ...v.split(':').map(int));
        break;
      case 'LT':
        latitude = real(v);
        break;
      case 'LN':
        longitude = real(v);
        break;
      case 'AL':
        p.altitude = int(v);
        break;
      case 'GSPT':
        p.speed = knotsFromKph(real(v));
        break;
      case 'HD':
        p.course = v.includes('.') ? real(v) : int(v) * 0.1;
        break;
      case 'SV':
        p.attributes.sat = int(v);
        break;
      case 'BV':
        p.attributes.battery = real(v);
        break;
      case 'CQ':
        p.attributes.rssi = int(v);
        break;
      case 'MI':
        p.attributes.odometer = int(v);
        break;
      case 'GS':
        p.valid = int(v) === 3;
        break;
      case 'SI':
        setAttribute(p, 'iccid', v);
        break;
      case 'IG': {
        const ignition = int(v);
        if (ignition > 0) p.attributes.ignition = ignition === 1;
        break;
      }
      case 'OT':
        p.attributes.output = int(v);
        break;
    }
  });
  if (!uniqueId) return { messages: [] };
  setLocation(p, latitude, longitude);
  setTime(p, utcDate(date[0] as number, date[1] as number, date[2] as number, time[0], time[1], time[2]));
  return { messages: [p], uniqueId };
}

const UDP_ACK = /^\$\$\d+,(\d+),.*,(\d+)##$/;

/**
 * Xirgo XT series `$$…##` text reports. Without a form the device sends one of the two fixed layouts, learnt from
 * the first report of a connection; with a form (the device's configured field list, Traccar's `xirgo.form`)
 * each field is read by its code. Over UDP each report is answered `!UDP_ACK,<event>,<sequence>`.
 */
export function createXirgoDecoder(form?: string): Decoder<Buffer> {
  const fixed = form ? form.split(',') : null;
  return (frame, session) => {
    const text = frame.toString('latin1').trim();
    // the device's own form (its setting `xirgo.form`, from the API) wins over the decoder's
    const configured = session.settings?.['xirgo.form'];
    const keys = configured ? configured.split(',') : fixed;
    const result = keys ? decodeForm(text, keys) : decodeFixed(text, session);
    if (session.transport === 'udp') {
      const ack = UDP_ACK.exec(text);
      if (ack) result.ack = `!UDP_ACK,${ack[1]},${ack[2]}`;
    }
    return result;
  };
}

/** Xirgo as registered: a device's form arrives as its setting `xirgo.form`. */
export const decodeXirgo: Decoder<Buffer> = createXirgoDecoder();
