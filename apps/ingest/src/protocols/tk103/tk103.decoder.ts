import { addAlarmOnce, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';
import { decodeTk103Status, tk103TypeAlarm } from './tk103-status.decoder';

/**
 * TK103 text protocol: `(` id type payload `)`. The classic form glues fields together
 * (`(013612345678BR00130515A4843.9703N01907.6211E000.0192328000.00...L00009239)`), the newer one separates
 * them with commas (`(864768010009188,BP05,271114,V,4012.19376N,...)`) and writes its date day first.
 * Speeds are km/h, converted to knots.
 */
export const decodeTk103: Decoder<Buffer> = (frame) => {
  const text = frame.toString('latin1').trim();
  const body = text.replace(/^\(/, '').replace(/\)$/, '');
  const head = /^(\d+)(,?)([A-Z]{2}[0-9A-Z]{2})/.exec(body);
  if (!head) return { messages: [] };
  const id = head[1] as string;
  const type = head[3] as string;

  if (type === 'BP00') {
    return { messages: [], uniqueId: id, ack: `(${id}AP01HSO)` };
  }
  const special = decodeTk103Status(body, id, type);
  if (special) return special;

  const position = decodeLocation(body);
  if (!position) return { messages: [], uniqueId: id };
  const result: DecodeResult = { messages: [position.draft], uniqueId: id };
  if (type === 'BP05') result.ack = `(${id}AP05)`;
  if (type === 'BO01' && position.alarmCode) result.ack = `(${id}AS01${position.alarmCode})`;
  return result;
};

const LOCATION = new RegExp(
  [
    '^(\\d+)(,?)([A-Z]{2}[0-9A-Z]{2})(,?)', // id, type
    '(?:[A-Z],\\d+,)?', // e.g. "G,2," of BP02
    '(\\d*)', // imei (BP05) or alarm code (BO01)
    '(\\d\\d)(\\d\\d)(\\d\\d),?', // date: yymmdd, or ddmmyy in the comma form
    '([AV]),?',
    '(\\d*)(\\d\\d\\.\\d+)([NS]),?\\s*', // latitude ddmm.mmmm
    '(\\d*)(\\d\\d\\.\\d+)([EW]),?', // longitude dddmm.mmmm
    '([ \\d.]{1,5})(?:\\d*,)?', // speed km/h
    '(\\d\\d)(\\d\\d)(\\d\\d),?', // time hhmmss
    '([ \\d.]{1,6})?,?', // course
    '(?:([01])([01])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f]{3})L([0-9A-Fa-f]+))?', // io, fuel, odometer
  ].join(''),
);

/** Alarms of the BO01 message, by its code digit. */
const BO01_ALARMS: Record<string, string> = {
  '0': 'powerOff',
  '1': 'accident',
  '2': 'sos',
  '3': 'vibration',
  '4': 'lowspeed',
  '5': 'overspeed',
  '6': 'geofenceExit',
};

function decodeLocation(body: string): { draft: PositionDraft; alarmCode?: string } | null {
  const m = LOCATION.exec(body);
  if (!m) return null;
  const g = (i: number) => m[i] ?? '';
  const type = g(3);
  const commaForm = g(2) === ',' || g(4) === ',';
  const draft = newPosition();

  const [a, b, c] = [Number(g(6)), Number(g(7)), Number(g(8))];
  const [year, month, day] = commaForm ? [c, b, a] : [a, b, c];
  // Date.UTC rolls over out-of-range months and days as Java's lenient calendar does.
  setTime(draft, Date.UTC(2000 + year, month - 1, day, Number(g(17)), Number(g(18)), Number(g(19))));
  draft.valid = g(9) === 'A';
  draft.latitude = (Number(g(10) || 0) + Number(g(11)) / 60) * (g(12) === 'S' ? -1 : 1);
  draft.longitude = (Number(g(13) || 0) + Number(g(14)) / 60) * (g(15) === 'W' ? -1 : 1);
  const speed = Number.parseFloat(g(16).trim());
  draft.speed = Number.isFinite(speed) ? knotsFromKph(speed) : 0;
  const course = Number.parseFloat(g(20).trim());
  draft.course = Number.isFinite(course) ? course : 0;
  if (draft.course < 0 || draft.course > 360) draft.course = 0;
  if (Math.abs(draft.latitude) > 90 || Math.abs(draft.longitude) > 180)
    throw new Error('tk103: coordinates out of range');

  if (m[21] !== undefined) {
    const attributes = draft.attributes;
    attributes.charge = g(21) === '0';
    attributes.ignition = g(22) === '1';
    const mask1 = Number.parseInt(g(23), 16);
    attributes.in2 = mask1 & 1;
    attributes.panic = (mask1 >> 1) & 1;
    attributes.out2 = (mask1 >> 2) & 1;
    const mask2 = Number.parseInt(g(24), 16);
    for (let i = 0; i < 3; i++) if ((mask2 >> i) & 1) attributes[`hs${3 - i}`] = 1;
    if ((mask2 >> 3) & 1) attributes.door = true;
    const mask3 = Number.parseInt(g(25), 16);
    for (let i = 1; i <= 3; i++) if ((mask3 >> i) & 1) attributes[`ls${4 - i}`] = 1;
    attributes.fuel = Number.parseInt(g(26), 16);
    attributes.odometer = Number.parseInt(g(27), 16);
  }

  let alarmCode: string | undefined;
  if (type === 'BO01') {
    alarmCode = g(5).charAt(0);
    addAlarmOnce(draft, BO01_ALARMS[alarmCode]);
  } else {
    addAlarmOnce(draft, tk103TypeAlarm(type));
  }
  return alarmCode === undefined ? { draft } : { draft, alarmCode };
}
