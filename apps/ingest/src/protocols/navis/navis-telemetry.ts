import { strictIsoTime } from '../../codec/dates';
import { newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { isArmed, placeFix, setBits, speedOf } from './navis-flex';

/**
 * NTCB telemetry records (`*>T` one record, `*>A` a count and records), in the fixed layouts of their format number:
 * 37 (0x25, 86 bytes, coordinates as radians in floats) and 6 (111 bytes, coordinates in 1/10000 minute). Times are
 * six bytes: hour, minute, second, day, month from 0, year from 2000.
 */
export const NTCB_RECORD_SIZES: Readonly<Record<number, number>> = { 6: 111, 37: 86 };

/** The time at `at`, or null when its fields name no real second (a record without a time of its own). */
function ntcbTime(frame: Buffer, at: number): string | null {
  const [hour, minute, second, day, month, year] = frame.subarray(at, at + 6);
  try {
    return strictIsoTime(2000 + (year as number), (month as number) + 1, day as number, hour, minute, second);
  } catch {
    return null;
  }
}

const RADIANS = 180 / Math.PI;

/** One record at `at` (its format byte first); throws on a format it does not know or a cut record. */
export function readNtcbRecord(frame: Buffer, at: number): [PositionDraft, number] {
  const format = frame[at] as number;
  const size = NTCB_RECORD_SIZES[format];
  if (size === undefined) throw new Error(`navis NTCB record format ${format}`);
  if (at + size > frame.length) throw new Error('navis NTCB record cut');
  const r = frame.subarray(at, at + size);
  const position = newPosition();
  const a = position.attributes;
  a.format = format;
  a.index = r.readUInt32LE(1);
  a.event = r.readUInt16LE(5);
  const eventTime = ntcbTime(r, 7);
  a.armed = isArmed(r[13] as number);
  a.status = r[14] as number;
  a.rssi = r[15] as number;
  if (format === 37) {
    setBits(position, 'output', 'out', (r[16] as number) & 0x03, 2);
    a.sat = (r[16] as number) >> 2;
    setBits(position, 'input', 'in', r[17] as number, 8);
    a.power = r.readUInt16LE(18) / 1000;
    a.battery = r.readUInt16LE(20) / 1000;
    a.adc1 = r.readUInt16LE(22);
    a.adc2 = r.readUInt16LE(24);
    position.valid = ((r[34] as number) & 0x02) !== 0;
    place(position, ntcbTime(r, 35), eventTime, r.readFloatLE(41) * RADIANS, r.readFloatLE(45) * RADIANS);
    position.speed = speedOf(r.readFloatLE(49));
    position.course = r.readUInt16LE(53);
    a.odometer = r.readFloatLE(55) * 1000;
    a.distance = r.readFloatLE(59) * 1000;
    for (let i = 0; i < 4; i++) a[`temp${i + 1}`] = r.readInt8(82 + i);
  } else {
    setBits(position, 'output', 'out', (r[16] as number) & 0x0f, 4);
    setBits(position, 'input', 'in', r[17] as number, 8);
    a.power = r.readUInt16LE(18) / 1000;
    a.battery = r.readUInt16LE(20) / 1000;
    a.adc1 = r.readUInt16LE(22);
    a.adc2 = r.readUInt16LE(24);
    a.adc3 = r.readUInt16LE(26);
    for (let i = 0; i < 4; i++) a[`temp${i + 1}`] = r.readInt8(64 + i);
    a.axleWeight = r.readInt32LE(68);
    a.rpm = r.readUInt16LE(72);
    position.valid = ((r[74] as number) & 0x02) !== 0;
    a.sat = (r[74] as number) >> 2;
    place(position, ntcbTime(r, 75), eventTime, r.readInt32LE(81) / 600000, r.readInt32LE(85) / 600000);
    position.altitude = r.readInt32LE(89) / 10;
    position.speed = speedOf(r.readFloatLE(93));
    position.course = r.readUInt16LE(97);
    a.odometer = r.readFloatLE(99) * 1000;
    a.distance = r.readFloatLE(103) * 1000;
  }
  if (!Number.isFinite(a.odometer as number) || !Number.isFinite(a.distance as number)) {
    delete a.odometer;
    delete a.distance;
  }
  setAttribute(position, 'format', format);
  return [position, at + size];
}

/** The fix at its time (device time too, as Traccar gives it), or the event time alone when the fix has none. */
function place(position: PositionDraft, fixTime: string | null, eventTime: string | null, lat: number, lon: number) {
  placeFix(position, fixTime ?? eventTime, eventTime, lat, lon);
}
