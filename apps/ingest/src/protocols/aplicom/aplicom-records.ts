import type { ByteReader } from '../../codec/byte-reader';
import { isoTime } from '../../codec/dates';
import {
  markOutdated,
  newPosition,
  newPositionAt,
  type PositionDraft,
  setAttribute,
  setLocation,
} from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

/** Text of a fixed-size field with the padding (NULs, spaces, control bytes) cut from both ends. */
function textField(r: ByteReader, size: number): string {
  const bytes = r.bytes(size);
  let start = 0;
  let end = bytes.length;
  while (start < end && (bytes[start] as number) <= 0x20) start++;
  while (end > start && (bytes[end - 1] as number) <= 0x20) end--;
  return bytes.toString('latin1', start, end);
}

/** A number written the way the device's tools print a decimal: always with a fraction ("8.0"). */
function decimal(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** D selector bits whose field sizes are known; a message selecting any other stops being read there. */
const D_KNOWN = 0x03bfff;

/** Bit 0x000001 of every message: the event id and its information (1 + 1). */
function readEvent(r: ByteReader, p: PositionDraft): void {
  setAttribute(p, 'event', r.u8());
  setAttribute(p, 'eventInfo', r.u8());
}

/** The head of the F and H messages (no location of their own): 0x001 the event, 0x002 the time (4). */
function eventAndTime(r: ByteReader, selector: number): PositionDraft {
  const p = newPositionAt(null);
  if (selector & 0x001) readEvent(r, p);
  if (selector & 0x002) markOutdated(p, new Date(r.u32() * 1000));
  return p;
}

/**
 * D message (position report). The selector's bits and the fields they bring, in the order they come:
 * 0x000001 event id, event information (1 + 1) · 0x000002 GPS status (0x40: location valid) and time (1 + 4, Unix
 * seconds) · 0x000004 snapshot time of the fix (4) · 0x000008 latitude, longitude (signed, 1e-6 degrees) and
 * satellites (4 + 4 + 1) · 0x000010 speed, maximum speed since the last report (km/h) and heading (2-degree steps)
 * (1 + 1 + 1) · 0x000040 digital inputs (1; the outputs byte comes after the trip counters) · 0x000020 A/D inputs
 * 1-4 (4 × 2) · 0x008000 external power and internal battery (2 + 2, mV) · 0x010000 and 0x020000 (8 and 4 bytes,
 * not decoded) · 0x000080 trip 1 and 0x000100 trip 2 (4 each) · [0x000040: digital outputs (1)] · 0x000200 driver
 * id (2 bytes, then a 32-bit number) · 0x000400 a byte, the altitude (2, metres) and a byte · 0x000800 (4, not
 * decoded) · 0x002000 (2, not decoded) · 0x001000 the event's own data follows, to the end of the message
 * (serial-port or CAN-interface data of event 119 and others), kept as hex in eventData. A message selecting a bit
 * outside these (0x004000, 0x040000 and up) is read up to it; its event data is then not given.
 */
export function decodePosition(r: ByteReader, selector: number): PositionDraft {
  const has = (bit: number) => (selector & bit) !== 0;
  const p = newPosition();
  if (has(0x000001)) readEvent(r, p);
  let valid = false;
  let time: number | null = null;
  if (has(0x000002)) {
    valid = (r.u8() & 0x40) !== 0;
    time = r.u32();
  }
  let fixTime = time;
  if (has(0x000004)) fixTime = r.u32();
  if (has(0x000008)) {
    const latitude = r.i32() / 1e6;
    const longitude = r.i32() / 1e6;
    setLocation(p, latitude, longitude);
    p.valid = valid;
    setAttribute(p, 'satVisible', r.u8());
    p.fixTime = fixTime === null ? null : isoTime(fixTime * 1000);
    p.deviceTime = time === null ? p.fixTime : isoTime(time * 1000);
  } else {
    markOutdated(p, time === null ? null : new Date(time * 1000));
  }
  if (has(0x000010)) {
    p.speed = knotsFromKph(r.u8());
    setAttribute(p, 'maximumSpeed', r.u8());
    const heading = r.u8();
    if (heading >= 180) throw new Error(`aplicom heading ${heading} out of range`);
    p.course = heading * 2;
  }
  if (has(0x000040)) setAttribute(p, 'input', r.u8());
  if (has(0x000020)) for (let i = 1; i <= 4; i++) setAttribute(p, `adc${i}`, r.u16());
  if (has(0x008000)) {
    setAttribute(p, 'power', r.u16() / 1000);
    setAttribute(p, 'battery', r.u16() / 1000);
  }
  if (has(0x010000)) r.skip(8);
  if (has(0x020000)) r.skip(4);
  if (has(0x000080)) setAttribute(p, 'trip1', r.u32());
  if (has(0x000100)) setAttribute(p, 'trip2', r.u32());
  if (has(0x000040)) setAttribute(p, 'output', r.u8());
  if (has(0x000200)) {
    r.skip(2);
    const id = r.u32();
    if (id !== 0) setAttribute(p, 'driverUniqueId', String(id).padStart(10, '0'));
  }
  if (has(0x000400)) {
    r.skip(1);
    p.altitude = r.i16();
    r.skip(1);
  }
  if (has(0x000800)) r.skip(4);
  if (has(0x002000)) r.skip(2);
  if (has(0x001000) && (selector & ~D_KNOWN) === 0 && r.remaining > 0) setAttribute(p, 'eventData', r.hex(r.remaining));
  return p;
}

/** The tachograph's clock as the unit forwards it: seconds, minutes, hours, month, day, year and the local offset. */
function tachographTime(r: ByteReader): string {
  const b = [...r.bytes(8)];
  return `${b[0]}s ${b[1]}m ${b[2]}h ${b[3]}M ${b[4]}D ${b[5]}Y ${b[6]}m ${b[7]}h`;
}

/**
 * E message (tachograph data, no location): 0x000001 event id and information (1 + 1) · 0x000002 tachograph event
 * (2) · 0x000004 time (4) · 0x000010 the tachograph's own clock (8) · 0x000008 work state, driver 1 and driver 2
 * states (1 + 1 + 1) · 0x000100 tachograph status (1) · 0x000020 vehicle speed (2, 1/256 km/h) · 0x000040 total
 * distance and 0x000080 trip distance (4 each, 5 m steps) · 0x000200 k-factor (2, pulses per km) · 0x000400 engine
 * speed (2, 1/8 rpm) · 0x000800 extra information (2) · 0x001000 VIN (17 characters and a NUL) · 0x002000 the
 * cards: presence, nation, driver 1 card (16), 11 bytes, driver 2 card (16) · 0x004000 (1) · 0x008000 (13) ·
 * 0x010000 driver 1: a byte, the card (16), 6 bytes and the driving time (2).
 */
export function decodeTachograph(r: ByteReader, selector: number): PositionDraft {
  const has = (bit: number) => (selector & bit) !== 0;
  const p = newPositionAt(null);
  if (has(0x000001)) readEvent(r, p);
  if (has(0x000002)) setAttribute(p, 'tachographEvent', r.u16());
  if (has(0x000004)) markOutdated(p, new Date(r.u32() * 1000));
  if (has(0x000010)) setAttribute(p, 'tachographTime', tachographTime(r));
  if (has(0x000008)) {
    setAttribute(p, 'workState', r.u8());
    setAttribute(p, 'driver1State', r.u8());
    setAttribute(p, 'driver2State', r.u8());
  }
  if (has(0x000100)) setAttribute(p, 'tachographStatus', r.u8());
  if (has(0x000020)) setAttribute(p, 'obdSpeed', r.u16() / 256);
  if (has(0x000040)) setAttribute(p, 'obdOdometer', r.u32() * 5);
  if (has(0x000080)) setAttribute(p, 'tripOdometer', r.u32() * 5);
  if (has(0x000200)) setAttribute(p, 'kFactor', `${decimal(r.u16() / 1000)} pulses/m`);
  if (has(0x000400)) setAttribute(p, 'rpm', r.u16() / 8);
  if (has(0x000800)) setAttribute(p, 'extraInfo', r.u16());
  if (has(0x001000)) {
    setAttribute(p, 'vin', textField(r, 17));
    r.skip(1);
  }
  if (has(0x002000)) {
    r.skip(2);
    setAttribute(p, 'card1', textField(r, 16));
    r.skip(10);
    setAttribute(p, 'card2', textField(r, 16));
  }
  if (has(0x004000)) r.skip(1);
  if (has(0x008000)) r.skip(14);
  if (has(0x010000)) {
    r.skip(2);
    setAttribute(p, 'driver1', textField(r, 16));
    r.skip(6);
    setAttribute(p, 'driverTime1', r.u16());
  }
  return p;
}

/**
 * F message (CAN bus, FMS data, no location): 0x001 event id and information (1 + 1) · 0x002 time (4) · 0x004 CAN
 * status (1) · 0x008 engine speed now, highest and lowest (3 × 2, rpm) · 0x010 engine temperature now, highest,
 * lowest (3 × 2, °C) · 0x020 engine hours (4) and distance to service (4) · 0x040 driver activity, throttle and
 * fuel level (1 + 1 + 1, %) · 0x080 fuel used (4) · 0x100 total distance (4) · 0x200 speed now, highest, lowest
 * (3 × 1, km/h) and hard braking count (1) · 0x400 tachograph speed, driver 1 and 2 states, tachograph status,
 * overspeed count (5 × 1) and the axle weights (a count and 2 bytes each).
 */
export function decodeCan(r: ByteReader, selector: number): PositionDraft {
  const has = (bit: number) => (selector & bit) !== 0;
  const p = eventAndTime(r, selector);
  if (has(0x004)) r.skip(1);
  if (has(0x008)) {
    setAttribute(p, 'rpm', r.u16());
    setAttribute(p, 'rpmMax', r.u16());
    setAttribute(p, 'rpmMin', r.u16());
  }
  if (has(0x010)) {
    setAttribute(p, 'engineTemp', r.i16());
    setAttribute(p, 'engineTempMax', r.i16());
    setAttribute(p, 'engineTempMin', r.i16());
  }
  if (has(0x020)) {
    setAttribute(p, 'hours', r.u32() * 3_600_000);
    setAttribute(p, 'serviceDistance', r.i32());
  }
  if (has(0x040)) {
    setAttribute(p, 'driverActivity', r.u8());
    setAttribute(p, 'throttle', r.u8());
    setAttribute(p, 'fuel', r.u8());
  }
  if (has(0x080)) setAttribute(p, 'fuelUsed', r.u32());
  if (has(0x100)) setAttribute(p, 'odometer', r.u32());
  if (has(0x200)) {
    setAttribute(p, 'obdSpeed', r.u8());
    setAttribute(p, 'speedMax', r.u8());
    setAttribute(p, 'speedMin', r.u8());
    setAttribute(p, 'hardBraking', r.u8());
  }
  if (has(0x400)) {
    setAttribute(p, 'tachographSpeed', r.u8());
    setAttribute(p, 'driver1State', r.u8());
    setAttribute(p, 'driver2State', r.u8());
    setAttribute(p, 'tachographStatus', r.u8());
    setAttribute(p, 'overspeedCount', r.u8());
    const axles = r.u8();
    for (let i = 0; i < axles; i++) setAttribute(p, `axle${i}`, r.u16());
  }
  return p;
}

/** Limits of a histogram axis: `count` values of `size` bytes, space-separated. */
function limits(r: ByteReader, count: number, size: number): string {
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = r.position;
    r.skip(size);
    values.push(r.buffer.readUIntBE(at, size));
  }
  return values.join(' ');
}

/**
 * H message (histograms, no location): 0x001 event id and information (1 + 1) · 0x002 time (4) · 0x004 which
 * histograms follow (2, a bit each), then each histogram: its index (1), the length of the rest (2), X and Y sizes,
 * X and Y types, parameters (1 each), the X × Y cells (1 each, half-percent steps), the total (4), the size of a
 * limit (1) and the X then Y limits between the cells (size − 1 of each).
 */
export function decodeHistogram(r: ByteReader, selector: number): PositionDraft {
  const has = (bit: number) => (selector & bit) !== 0;
  const p = eventAndTime(r, selector);
  if (!has(0x004)) return p;
  r.skip(2);
  for (let n = 1; r.remaining > 0; n++) {
    const key = `h${n}`;
    setAttribute(p, `${key}Index`, r.u8());
    const length = r.u16();
    const end = r.position + length;
    const x = r.u8();
    const y = r.u8();
    setAttribute(p, `${key}XLength`, x);
    setAttribute(p, `${key}YLength`, y);
    setAttribute(p, `${key}XType`, r.u8());
    setAttribute(p, `${key}YType`, r.u8());
    setAttribute(p, `${key}Parameters`, r.u8());
    const cells = [...r.bytes(x * y)].map((v) => `${(v / 2).toFixed(1)}%`);
    setAttribute(p, `${key}Data`, cells.join(' '));
    setAttribute(p, `${key}Total`, r.u32());
    const size = r.u8();
    if (size < 1 || size > 4) throw new Error(`aplicom histogram limit size ${size}`);
    setAttribute(p, `${key}XLimits`, limits(r, Math.max(0, x - 1), size));
    setAttribute(p, `${key}YLimits`, limits(r, Math.max(0, y - 1), size));
    if (r.position !== end) throw new Error(`aplicom histogram ${n} length ${length} does not match`);
  }
  return p;
}
