import type { ByteReader } from '../../codec/byte-reader';
import { cellTowerInRange } from '../../codec/network';
import { type PositionDraft, setAttribute } from '../../codec/position-builder';

/**
 * The custom information ATrack devices append to a report (AT$FORM's `%CI` list): each code is two letters after
 * `%` (some with a number, `%ZO14`), and in binary reports each has a fixed size or is a NUL-terminated string.
 * In ASCII reports each value is one comma-separated field (long texts end with 0x1A).
 */

/** How a value is laid out in a binary report. */
type BinaryKind = 1 | 2 | -2 | 4 | 8 | 'string' | { raw: number };

/** What a value is in an ASCII report: a number, a text, or a text ending with 0x1A that may hold commas. */
type TextKind = 'number' | 'text' | 'link';

interface CustomCode {
  binary: BinaryKind;
  text: TextKind;
  /** Puts the value on the position (a number for numeric codes, a string otherwise); absent: read and dropped. */
  apply?: (position: PositionDraft, value: number | string, context: CustomContext) => void;
}

/** Values several codes combine into one thing: the serving cell. */
export interface CustomContext {
  binary: boolean;
  cellId?: number;
  lac?: number;
  operator?: number;
  signal?: number;
}

const num = (value: number | string): number => (typeof value === 'number' ? value : Number(value));
const set =
  (key: string, scale = 1) =>
  (position: PositionDraft, value: number | string) => {
    const n = num(value);
    if (Number.isFinite(n)) setAttribute(position, key, n * scale);
  };
/** A value in tenths (divided, so 121 is 12.1 exactly, where 121 × 0.1 is not). */
const tenths = (key: string) => (position: PositionDraft, value: number | string) => {
  const n = num(value);
  if (Number.isFinite(n)) setAttribute(position, key, n / 10);
};
const setText = (key: string) => (position: PositionDraft, value: number | string) =>
  setAttribute(position, key, String(value));

const n = (binary: BinaryKind, apply?: CustomCode['apply']): CustomCode =>
  apply ? { binary, text: 'number', apply } : { binary, text: 'number' };
const s = (apply?: CustomCode['apply'], text: TextKind = 'text'): CustomCode =>
  apply ? { binary: 'string', text, apply } : { binary: 'string', text };

/** The codes of ATrack's custom information, as its protocol document lists them (sizes of the binary form). */
const CODES: Readonly<Record<string, CustomCode>> = {
  SA: n(1, set('sat')), // satellites in use
  MV: n(2, tenths('power')), // main (vehicle) voltage, 0.1 V
  BV: n(2, tenths('battery')), // backup battery voltage, 0.1 V
  GQ: n(1, (p, v, c) => {
    // GSM signal quality, reported as a negative level
    c.signal = -num(v);
    setAttribute(p, 'rssi', -num(v));
  }),
  CE: n(4, (_p, v, c) => {
    c.cellId = num(v);
  }),
  LC: n(2, (_p, v, c) => {
    c.lac = num(v);
  }),
  CN: n(4, (_p, v, c) => {
    c.operator = num(v);
  }), // MCC and MNC as one number (310260)
  RL: n(1), // received level
  PC: n(4), // pulse count
  AT: n(4, (p, v) => {
    p.altitude = num(v);
  }),
  RP: n(2, set('rpm')), // OBD engine speed
  GS: n(1), // GSM status
  DT: n(1, (p, v) => setAttribute(p, 'archive', num(v) === 1)), // 1: stored and sent later
  VN: s(setText('vin')),
  MF: n(2), // OBD mass air flow
  EL: n(1, set('engineLoad')),
  TR: n(1, set('throttle')),
  ET: n(-2, (p, v, c) => setAttribute(p, c.binary ? 'temp1' : 'coolantTemp', num(v))), // engine coolant temperature
  FL: n(1, set('fuel')),
  ML: n(1), // MIL status
  FC: n(4, set('fuelConsumption')),
  CI: s(),
  AV: n(2), // analog input
  NC: s(), // neighbouring cells
  SM: n(2), // OBD vehicle speed
  GL: s(undefined, 'link'), // a map link to the position
  MA: s(), // MAC address
  PD: n(1), // pending trouble codes
  CD: s(setText('iccid')), // SIM ICCID
  CM: n(8), // IMSI
  GN: { binary: { raw: 60 }, text: 'text' }, // G-sensor samples
  GV: { binary: { raw: 6 }, text: 'text' }, // G-sensor vector
  ME: n(8), // IMEI
  IA: n(1, set('intakeTemp')),
  MP: n(1), // intake manifold pressure
  EO: n(4, set('odometer', 100)), // OBD odometer, 0.1 km
  EH: n(4, set('hours', 360_000)), // engine hours, 0.1 h
  ZO: n(1), // zone number
  ZL: n(4), // zone value
  HA: n(1), // harsh acceleration
  HB: n(1), // harsh braking
  HC: n(1), // harsh cornering
  MT: n(1, (p, v) => setAttribute(p, 'motion', num(v) > 0)),
  CS: s(),
  HT: s(),
  IP: s(),
  CR: n(1),
  DL: n(1),
  EG: n(1),
  PF: n(1),
};

/** Forms seen lately (a device repeats its form in every record): parsed once. */
const forms = new Map<string, readonly string[]>();
const MAX_FORMS = 256;

/** `%CI%MV%BV%ZO14` → ['CI', 'MV', 'BV', 'ZO']: the codes of a form (numbers name instances of the same code). */
export function parseForm(form: string): readonly string[] {
  const known = forms.get(form);
  if (known) return known;
  const codes: string[] = [];
  for (const part of form.split('%')) {
    if (part === '') continue;
    codes.push(part.substring(0, 2));
  }
  if (forms.size >= MAX_FORMS) forms.clear();
  forms.set(form, codes);
  return codes;
}

/** Reads one binary value of `code` and applies it; false when the code is unknown (its size too). */
export function readBinaryCode(
  reader: ByteReader,
  code: string,
  position: PositionDraft,
  context: CustomContext,
): boolean {
  const entry = CODES[code];
  if (!entry) return false;
  const kind = entry.binary;
  let value: number | string;
  if (kind === 'string') value = readCString(reader);
  else if (typeof kind === 'object') {
    reader.skip(kind.raw);
    return true;
  } else if (kind === 1) value = reader.u8();
  else if (kind === 2) value = reader.u16();
  else if (kind === -2) value = reader.i16();
  else if (kind === 4) value = reader.u32();
  else value = reader.i64();
  entry.apply?.(position, value, context);
  return true;
}

/** How an ASCII value of `code` ends: at 0x1A (texts that may hold commas) or at the next comma. */
export function textKindOf(code: string): TextKind {
  return CODES[code]?.text ?? 'text';
}

/** Applies one ASCII value of `code` (unknown codes are read and dropped). */
export function applyTextCode(code: string, value: string, position: PositionDraft, context: CustomContext): void {
  const entry = CODES[code];
  if (!entry?.apply || value === '') return;
  if (entry.text === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new Error(`atrack: ${code} is not a number: ${value}`);
    entry.apply(position, n, context);
  } else entry.apply(position, value, context);
}

/** The serving cell the codes named, when they named a whole one. */
export function applyCell(position: PositionDraft, context: CustomContext): void {
  const { cellId, lac, operator } = context;
  if (cellId === undefined || lac === undefined || operator === undefined) return;
  const digits = String(operator);
  if (digits.length < 4) return;
  const tower = cellTowerInRange(
    Number(digits.substring(0, 3)),
    Number(digits.substring(3)),
    lac,
    cellId,
    context.signal,
  );
  if (tower) position.network = { radioType: 'gsm', considerIp: false, cellTowers: [tower] };
}

/** A NUL-terminated string (latin1), the NUL consumed. */
export function readCString(reader: ByteReader): string {
  const buffer = reader.buffer;
  const start = reader.position;
  const limit = Math.min(reader.end, buffer.length);
  let end = start;
  while (end < limit && buffer[end] !== 0) end++;
  if (end >= limit) throw new Error('atrack: unterminated string');
  reader.skip(end - start + 1);
  return buffer.toString('latin1', start, end);
}
