import type { PositionDraft } from '../../codec/position-builder';

/** OBD-II mode 01 PIDs the trackers report, as Traccar's attribute and its value from the data bytes. */
const MODE_01: Readonly<Record<number, [string, (a: number, b: number) => number]>> = {
  4: ['engineLoad', (a) => Math.trunc((a * 100) / 255)],
  5: ['coolantTemp', (a) => a - 40],
  12: ['rpm', (a, b) => Math.trunc((a * 256 + b) / 4)],
  13: ['obdSpeed', (a) => a],
  15: ['intakeTemp', (a) => a - 40],
  17: ['throttle', (a) => Math.trunc((a * 100) / 255)],
  47: ['fuel', (a) => Math.trunc((a * 100) / 255)],
  49: ['clearedDistance', (a, b) => a * 256 + b],
};

const DTC_SYSTEMS = ['P', 'C', 'B', 'U'];

/**
 * One OBD parameter: mode 01 (a PID and its bytes) or mode 03 (stored trouble codes, two bytes each, written
 * `P0123`; several joined by spaces). Unknown PIDs and modes are left out.
 */
export function readObdParameter(position: PositionDraft, mode: number, data: Buffer): void {
  if (mode === 0x01 && data.length >= 2) {
    const pid = MODE_01[data[0] as number];
    if (pid) position.attributes[pid[0]] = pid[1](data[1] as number, data[2] ?? 0);
  } else if (mode === 0x03) {
    const codes: string[] = [];
    for (let i = 0; i + 1 < data.length; i += 2) {
      const value = data.readUInt16BE(i);
      if (value === 0) continue;
      codes.push(
        `${DTC_SYSTEMS[value >> 14]}${((value >> 12) & 3).toString()}${(value & 0xfff).toString(16).toUpperCase().padStart(3, '0')}`,
      );
    }
    if (codes.length > 0) position.attributes.dtcs = codes.join(' ');
  }
}
