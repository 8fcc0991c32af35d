import { isoTimeOf } from '../../codec/dates';
import { addAlarm, newPosition, setAttribute, setLocation } from '../../codec/position-builder';
import type { Decoder } from '../protocol.types';

/**
 * `$<type>,<id>,<hhmmss.sss>,<A|V>,<ddmm.mmmm>,<N|S>,<dddmm.mmmm>,<E|W>,<speed knots>,<course>,<ddmmyy>,,,<mode>
 * /<inputs>,<outputs>/<adc…>/<odometer m>[/<?>/<battery><rssi><sat>/]`: one report a line. Inputs and outputs are
 * binary digit strings, the ADCs hexadecimal, the last group three hexadecimal digits.
 */
const REPORT =
  /^\$([A-Z0-9]{3}[A-Z0-9-]*),(\w+),(\d\d)(\d\d)(\d\d)(?:\.\d+)?,([AV]),(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW]),(\d*\.?\d*),(\d*\.?\d*),(\d\d)(\d\d)(\d\d),[^/]*?\/([01]+),([01]+)\/([0-9A-Fa-f,]*)\/(\d+)\/?(?:[^/]*\/([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])\/?)?/;

/** Alarm of each report type (the type names the event that sent it). */
const ALARMS: Readonly<Record<string, string>> = {
  TOW: 'tow',
  HDA: 'hardAcceleration',
  HDB: 'hardBraking',
  FDA: 'fatigueDriving',
  SKA: 'vibration',
  PMA: 'movement',
  CPA: 'powerCut',
  SOS: 'sos',
  SPD: 'overspeed',
  LPA: 'lowBattery',
};

/**
 * PT502 (Bofan PT502/PT300/PT600 family) over TCP: position reports (`$POS`, alarm types such as `$CPA`, `$HDA`,
 * photo-taken `$PHO…`, `$DFR`), photo blocks and version lines (no position). The device expects no acks.
 */
export const decodePt502: Decoder<Buffer> = (frame) => {
  const text = frame.toString('latin1');
  if (!text.startsWith('$')) throw new Error('pt502: not a message');
  const m = REPORT.exec(text);
  if (!m) return { messages: [] };
  const [type, uniqueId] = [m[1] as string, m[2] as string];
  const position = newPosition();
  const iso = isoTimeOf(Number(m[17]), Number(m[16]), Number(m[15]), Number(m[3]), Number(m[4]), Number(m[5]));
  position.fixTime = iso;
  position.deviceTime = iso;
  const coordinate = (degrees: string, minutes: string, negative: boolean) =>
    (Number(degrees) + Number(minutes) / 60) * (negative ? -1 : 1);
  setLocation(
    position,
    coordinate(m[7] as string, m[8] as string, m[9] === 'S'),
    coordinate(m[10] as string, m[11] as string, m[12] === 'W'),
  );
  position.valid = m[6] === 'A';
  position.speed = m[13] ? Number(m[13]) : 0;
  position.course = m[14] ? Number(m[14]) : 0;
  if (!Number.isFinite(position.speed) || !Number.isFinite(position.course)) throw new Error('pt502: bad number');
  addAlarm(position, ALARMS[type.slice(0, 3)]);
  setAttribute(position, 'input', Number.parseInt(m[18] as string, 2));
  setAttribute(position, 'output', Number.parseInt(m[19] as string, 2));
  (m[20] as string).split(',').forEach((adc, i) => {
    if (/^[0-9A-Fa-f]+$/.test(adc)) setAttribute(position, `adc${i + 1}`, Number.parseInt(adc, 16));
  });
  setAttribute(position, 'odometer', Number(m[21]));
  if (m[22]) {
    setAttribute(position, 'battery', Number.parseInt(m[22], 16));
    setAttribute(position, 'rssi', Number.parseInt(m[23] as string, 16));
    setAttribute(position, 'sat', Number.parseInt(m[24] as string, 16));
  }
  return { messages: [position], uniqueId };
};
