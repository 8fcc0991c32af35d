import type { CellTower, PositionAttributes } from '@waymark/contracts/position';
import { strictIsoTime } from '../../codec/dates';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph, parseJavaDouble, parseJavaInt } from '../../codec/units';
import type { DecodedPosition } from '../protocol.types';

/**
 * One Wialon IPS data record, the fields of a `#SD#` (short: date;time;lat;N;lon;E;speed;course;alt;sats) or a
 * `#D#` packet (the short fields then hdop;inputs;outputs;adc;ibutton;params), also the records of a `#B#` black
 * box. `NA` (or an empty field) means "not available": no date gives the arrival time, no coordinates an outdated
 * position. Speed in km/h; the fix counts as valid with three satellites or more.
 */
export function decodeWialonRecord(fields: readonly string[], receivedAt: Date): DecodedPosition {
  if (fields.length < 10) throw new Error(`wialon record has ${fields.length} fields, at least 10 expected`);
  const field = (i: number): string | undefined => {
    const value = fields[i]?.trim();
    return value === undefined || value === '' || value === 'NA' ? undefined : value;
  };
  const position = newPositionAt(recordTime(field(0), field(1), receivedAt));
  const attributes = position.attributes;

  const latitude = coordinate(field(2), field(3), 'N', 'S');
  const longitude = coordinate(field(4), field(5), 'E', 'W');
  if (latitude !== undefined && longitude !== undefined) setLocation(position, latitude, longitude);

  position.speed = knotsFromKph(number(field(6), 'speed') ?? 0);
  position.course = number(field(7), 'course') ?? 0;
  position.altitude = number(field(8), 'altitude') ?? 0;
  const satellites = field(9);
  if (satellites !== undefined) {
    const sat = parseJavaInt(satellites);
    if (sat === undefined) throw new Error(`satellites ${JSON.stringify(satellites)} is not a number`);
    attributes.sat = sat;
    position.valid = sat >= 3;
  }
  if (fields.length <= 10) return position;

  const hdop = number(field(10), 'hdop');
  if (hdop !== undefined) attributes.hdop = hdop;
  const inputs = field(11);
  if (inputs !== undefined) attributes.input = inputs;
  const outputs = field(12);
  if (outputs !== undefined) attributes.output = outputs;
  const adc = field(13);
  if (adc !== undefined) {
    adc.split(',').forEach((value, i) => {
      if (value !== '') attributes[`adc${i + 1}`] = value;
    });
  }
  const ibutton = field(14);
  if (ibutton !== undefined) attributes.driverUniqueId = ibutton;
  const params = field(15);
  if (params !== undefined) position.network = networkOf(decodeParams(attributes, params));
  return position;
}

function recordTime(date: string | undefined, time: string | undefined, receivedAt: Date): string {
  if (date === undefined || time === undefined) return receivedAt.toISOString();
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/.exec(time);
  if (!d || !t) throw new Error(`wialon date/time ${JSON.stringify(`${date} ${time}`)} is malformed`);
  return strictIsoTime(2000 + Number(d[3]), Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]));
}

/** `DDMM.mmmm` / `DDDMM.mmmm` and its hemisphere letter, in signed degrees. */
function coordinate(value: string | undefined, hemisphere: string | undefined, plus: string, minus: string) {
  if (value === undefined || hemisphere === undefined) return undefined;
  const m = /^(\d+)(\d{2}(?:\.\d+)?)$/.exec(value);
  if (!m || (hemisphere !== plus && hemisphere !== minus)) {
    throw new Error(`wialon coordinate ${JSON.stringify(`${value};${hemisphere}`)} is malformed`);
  }
  const degrees = Number(m[1]) + Number(m[2]) / 60;
  return hemisphere === minus ? -degrees : degrees;
}

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseJavaDouble(value);
  if (parsed === undefined) throw new Error(`wialon ${name} ${JSON.stringify(value)} is not a number`);
  return parsed;
}

/**
 * `name:type:value,…` with type 1 (integer) or 2 (double) kept as numbers and 3 as text. Names are lower-cased.
 * `temp` is the device temperature and `bat` the battery level (integers). `mccN`, `mncN`, `lacN` and `cell_idN`
 * form cell tower N: once complete, the mcc, mnc and lac values leave the attributes.
 */
function decodeParams(attributes: PositionAttributes, params: string): CellTower[] {
  const towers: CellTower[] = [];
  for (const param of params.split(',')) {
    const m = /^(.*):([1-3]):(.*)$/s.exec(param);
    if (!m) continue;
    const key = (m[1] as string).toLowerCase();
    const type = m[2];
    const value = m[3] as string;
    const integer = parseJavaInt(value.trim());
    if (key === 'temp' && integer !== undefined) {
      attributes.deviceTemp = integer;
      continue;
    }
    if (key === 'bat' && integer !== undefined) {
      attributes.batteryLevel = integer;
      continue;
    }
    attributes[key] = type === '3' ? value : (parseJavaDouble(value) ?? value);
    const cell = /^cell_id(\d+)$/.exec(key);
    if (cell) {
      const n = cell[1] as string;
      const [mcc, mnc, lac, cid] = [`mcc${n}`, `mnc${n}`, `lac${n}`, key].map((k) => attributes[k]);
      if (typeof mcc === 'number' && typeof mnc === 'number' && typeof lac === 'number' && typeof cid === 'number') {
        const tower = cellTowerInRange(mcc, mnc, lac, cid);
        if (tower) towers.push(tower);
        delete attributes[`mcc${n}`];
        delete attributes[`mnc${n}`];
        delete attributes[`lac${n}`];
      }
    }
  }
  return towers;
}
