import type { ByteReader } from '../../codec/byte-reader';
import { addAlarm, type PositionDraft } from '../../codec/position-builder';

/** Little-endian 16-bit read (the reader is big-endian; the frame's fields are little-endian). */
export function u16le(r: ByteReader): number {
  const v = r.u16();
  return ((v & 0xff) << 8) | (v >> 8);
}

/**
 * Data sizes of the SAE J1979 mode 01 PIDs the device reports as 0x21nn (the rest are one byte): multi-byte values
 * arrive little-endian, already as the device computed them.
 */
const PID_SIZES = new Map<number, number>();
for (const pid of [0x00, 0x01, 0x20, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x34, 0x35, 0x36, 0x37])
  PID_SIZES.set(pid, 4);
for (const pid of [0x38, 0x39, 0x3a, 0x3b, 0x40, 0x41, 0x4f, 0x50, 0x60]) PID_SIZES.set(pid, 4);
for (const pid of [0x02, 0x03, 0x0c, 0x10, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1f, 0x21, 0x22, 0x23])
  PID_SIZES.set(pid, 2);
for (const pid of [0x31, 0x32, 0x3c, 0x3d, 0x3e, 0x3f, 0x42, 0x43, 0x44, 0x4d, 0x4e, 0x53, 0x54, 0x55, 0x56, 0x57])
  PID_SIZES.set(pid, 2);
for (const pid of [0x58, 0x59, 0x5d, 0x5e, 0x63, 0x65]) PID_SIZES.set(pid, 2);
for (const pid of [0x64, 0x66]) PID_SIZES.set(pid, 5);
for (const pid of [0x67, 0x68]) PID_SIZES.set(pid, 3);

/** The bytes a PID's value takes, or null for one outside mode 01 (its size is unknown: the rest is unreadable). */
export function pidSize(pid: number): number | null {
  if (pid >> 8 !== 0x21) return null;
  return PID_SIZES.get(pid & 0xff) ?? 1;
}

/** The attribute a PID's value becomes (Traccar's names), for those with one. */
const PID_KEYS: Readonly<Record<number, string>> = {
  8452: 'engineLoad',
  8453: 'coolantTemp',
  8459: 'mapIntake',
  8460: 'rpm',
  8461: 'obdSpeed',
  8463: 'intakeTemp',
  8465: 'throttle',
  8481: 'milDistance',
  8495: 'fuel',
  8497: 'clearedDistance',
};

/**
 * One sample of `pids`' values, in order. A PID whose size is unknown, or a value past the end, ends the sample
 * (what came before is kept).
 */
export function readPidValues(r: ByteReader, pids: readonly number[], position: PositionDraft, end: number): void {
  for (const pid of pids) {
    const size = pidSize(pid);
    if (size === null || r.position + size > end) {
      r.skip(Math.max(0, end - r.position));
      return;
    }
    let value: number | null = null;
    if (size === 1) value = r.u8();
    else if (size === 2) value = u16le(r);
    else if (size === 4) value = r.u32le();
    else r.skip(size);
    const key = PID_KEYS[pid];
    if (key !== undefined && value !== null) position.attributes[key] = value;
  }
}

/** A diagnostic trouble code as the device sends it (16 bits) in its usual form: P0123, C1A00, B…, U…. */
export function dtcOf(code: number): string {
  const system = 'PCBU'[code >> 14] as string;
  return `${system}${(code >> 12) & 3}${(code & 0xfff).toString(16).toUpperCase().padStart(3, '0')}`;
}

/** Alarm types of the OBD line's alarm message (0x4007), by Traccar's names. */
const ALARMS: Readonly<Record<number, string>> = {
  1: 'overspeed',
  2: 'lowPower',
  3: 'temperature',
  4: 'hardAcceleration',
  5: 'hardBraking',
  6: 'idle',
  7: 'tow',
  8: 'highRpm',
  9: 'powerOn',
  11: 'laneChange',
  12: 'hardCornering',
  13: 'fatigueDriving',
  14: 'powerOff',
  15: 'geofence',
  16: 'sos',
  17: 'accident',
  18: 'tampering',
};

/** An alarm item: types 0x16/0x17 are ignition on/off, the others alarms. */
export function applyAlarm(position: PositionDraft, type: number): void {
  if (type === 0x16) position.attributes.ignition = true;
  else if (type === 0x17) position.attributes.ignition = false;
  else addAlarm(position, ALARMS[type]);
}
