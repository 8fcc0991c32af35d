import type { PositionAttributes } from '@waymark/contracts/position';
import { javaTrim } from '../../codec/text';

/**
 * Where the data of a UEX (external serial device) report lies in the text. The data is `<length>;<data>`, and
 * may hold `;`, CR and LF itself, so a framer cannot cut at the first CR and a decoder cannot split at every `;`
 * without knowing it. The length field follows the inputs/outputs: in the universal form (`UEX;id;mask;…`) at
 * 3 + the count of mask bits 0–17, in the legacy form (`ST300UEX;…`) 8 fields after the longitude.
 * - `data`: the data is text[start, end), followed by `;`, CR, LF or the end of the text;
 * - `incomplete`: more bytes are needed to tell;
 * - `none`: not a UEX report, or its length field is not consistent with what follows (then `;` delimits it).
 */
export type UexLocation =
  | { kind: 'data'; lengthIndex: number; start: number; end: number }
  | { kind: 'incomplete' }
  | { kind: 'none' };

/** Where the length field of a UEX report ends: the data starts at `start` and is `length` bytes long. */
export type UexLength =
  | { kind: 'length'; lengthIndex: number; start: number; length: number }
  | { kind: 'incomplete' }
  | { kind: 'none' };

const isLatitude = (field: string) => /^[+-]\d{1,3}\.\d+$/.test(field);

export function locateUexLength(text: string): UexLength {
  const fields: string[] = [];
  let pos = 0;
  /** Reads the next field; false when the text ends (or a CR/LF comes) before its `;`. */
  const next = (): boolean | 'stop' => {
    const semi = text.indexOf(';', pos);
    const field = semi < 0 ? text.slice(pos) : text.slice(pos, semi);
    if (/[\r\n]/.test(field)) return 'stop';
    if (semi < 0) return false;
    fields.push(field);
    pos = semi + 1;
    return true;
  };
  const read = (): 'ok' | 'incomplete' | 'none' => {
    const r = next();
    return r === true ? 'ok' : r === false ? 'incomplete' : 'none';
  };

  let r = read();
  if (r !== 'ok') return { kind: r };
  const header = fields[0] as string;
  if (!header.endsWith('UEX')) return { kind: 'none' };

  let lengthIndex: number;
  if (header === 'UEX') {
    for (let i = 0; i < 2; i++) {
      r = read();
      if (r !== 'ok') return { kind: r };
    }
    const mask = /^[0-9A-Fa-f]{1,8}$/.test(fields[2] as string) ? Number.parseInt(fields[2] as string, 16) : -1;
    if (mask < 0) return { kind: 'none' };
    lengthIndex = 3 + popcount(mask & 0x3ffff);
  } else {
    let latitude = -1;
    while (latitude < 0) {
      r = read();
      if (r !== 'ok') return { kind: r };
      if (fields.length > 4 && isLatitude(fields.at(-1) as string)) latitude = fields.length - 1;
      if (fields.length > 24) return { kind: 'none' };
    }
    lengthIndex = latitude + 9;
  }
  while (fields.length <= lengthIndex) {
    r = read();
    if (r !== 'ok') return { kind: r };
  }
  const lengthField = fields[lengthIndex] as string;
  if (!/^\d{1,5}$/.test(lengthField)) return { kind: 'none' };
  return { kind: 'length', lengthIndex, start: pos, length: Number(lengthField) };
}

/** Where the data of a UEX report lies, given the whole text so far (see UexLocation). */
export function locateUexData(text: string): UexLocation {
  const found = locateUexLength(text);
  if (found.kind !== 'length') return found;
  const { lengthIndex, start } = found;
  const end = start + found.length;
  if (text.length < end) return { kind: 'incomplete' };
  if (!endsData(text.charCodeAt(end))) return { kind: 'none' };
  return { kind: 'data', lengthIndex, start, end };
}

/** Whether the byte after UEX data may follow it: `;`, CR, LF or the end (NaN). */
export const endsData = (code: number) => Number.isNaN(code) || code === 0x3b || code === 0x0d || code === 0x0a;

/** The fields of a text report, with UEX data kept in one field whatever it holds. */
export function suntechFields(text: string): string[] {
  const uex = locateUexData(text);
  if (uex.kind !== 'data') return text.split(';');
  const rest = text.slice(uex.end + 1);
  return [...text.slice(0, uex.start - 1).split(';'), text.slice(uex.start, uex.end), ...(rest ? rest.split(';') : [])];
}

/**
 * The data of a UEX report: `key=value` pairs (`t_N` temperature and `N_N` fuel level of sensor N, `Q_D` driving
 * quality, all hex; `fuel` is the sum of the levels), a `GTSL|…` driver login (the driver id is its 5th value), or
 * anything else as `serial` (trimmed of control characters as Java's trim does).
 */
export function decodeUexData(attributes: PositionAttributes, data: string): void {
  if (data.includes('=')) {
    let fuel: number | undefined;
    for (const pair of data.split(';')) {
      const [key = '', raw = ''] = javaTrim(pair).split('=');
      const value = Number.parseInt(raw.split('.')[0] ?? '', 16);
      if (Number.isNaN(value)) continue;
      const temp = /^t_(\d+)$/.exec(key);
      const level = /^N_(\d+)$/.exec(key);
      if (temp) attributes[`temp${temp[1]}`] = value;
      else if (level) {
        attributes[`fuel${level[1]}`] = value;
        fuel = (fuel ?? 0) + value;
      } else if (key === 'Q_D') attributes.drivingQuality = value;
    }
    if (fuel !== undefined) attributes.fuel = fuel;
  } else if (data.startsWith('GTSL')) {
    const driver = data.split('|')[4];
    if (driver) attributes.driverUniqueId = driver;
  } else {
    attributes.serial = javaTrim(data);
  }
}

function popcount(value: number): number {
  let count = 0;
  for (let v = value; v !== 0; v &= v - 1) count++;
  return count;
}
