import { utcDate } from '../../codec/dates';
import { addAlarm, newPosition, setAttribute, setLocation, setTime } from '../../codec/position-builder';
import type { Decoder } from '../protocol.types';

/**
 * Xexun (TK102/TK103 family) text reports: an NMEA `$GPRMC` sentence followed by the GPS signal flag (F full,
 * L last known), an optional status text and `imei:<digits>,`. The full format (TK103-2 and later) wraps it: a
 * `yymmddhhmmss`-like serial and the sender's phone number before the sentence, and satellites, altitude and the
 * supply voltage (`F:4.28V` / `L:3.5V`) after the IMEI. Speed is in knots as in NMEA.
 */
const PATTERN = new RegExp(
  [
    '(?:(\\d*)(\\d),([^,]*),)?', // full format: serial (its last digit), phone number
    'G[PN]RMC,',
    '(\\d\\d)?(\\d\\d)?(\\d\\d)?(?:\\.\\d+)?,', // time hhmmss.sss
    '([AV]),',
    '(\\d*?)(\\d?\\d\\.\\d+),([NS]),', // latitude ddmm.mmmm
    '(\\d*?)(\\d?\\d\\.\\d+),([EW])?,', // longitude dddmm.mmmm
    '(\\d+\\.?\\d*)?,', // speed, knots
    '(\\d+\\.?\\d*)?,', // course
    '(\\d\\d)?(\\d\\d)?(\\d\\d)?,', // date ddmmyy
    '[^*]*\\*[0-9A-Fa-f]{2},', // magnetic variation, mode, checksum
    '([FL]),', // signal
    '(?:([^,]*),)?', // status text
    '\\s*imei:(\\d+),',
    '(?:(\\d+),(-?\\d+\\.?\\d*)?,[FL]:(\\d+\\.?\\d*)V)?', // satellites, altitude, power
  ].join(''),
);

/** Status texts a Xexun tracker puts before the IMEI. */
function applyStatus(position: ReturnType<typeof newPosition>, status: string): void {
  switch (status.trim().toLowerCase()) {
    case 'acc on':
    case 'accstart':
      position.attributes.ignition = true;
      break;
    case 'acc off':
    case 'accstop':
      position.attributes.ignition = false;
      break;
    case 'help me!':
    case 'help me':
      addAlarm(position, 'sos');
      break;
    case 'low battery':
      addAlarm(position, 'lowBattery');
      break;
    case 'move!':
    case 'moved!':
      addAlarm(position, 'movement');
      break;
    case 'speed!':
    case 'over speed!':
      addAlarm(position, 'overspeed');
      break;
    case 'stockade!':
      addAlarm(position, 'geofence');
      break;
    case 'door alarm!':
      addAlarm(position, 'door');
      break;
    case 'ac alarm!':
      addAlarm(position, 'powerCut');
      break;
  }
}

export const decodeXexun: Decoder<Buffer> = (frame) => {
  const m = PATTERN.exec(frame.toString('latin1'));
  if (!m) return { messages: [] };
  const g = (i: number) => m[i] ?? '';
  const num = (i: number) => Number(g(i) || 0);
  const position = newPosition();
  const uniqueId = g(21);

  if (m[2] !== undefined) {
    position.attributes.serial = g(2);
    setAttribute(position, 'number', g(3));
  }
  setTime(position, utcDate(num(18), num(17), num(16), num(4), num(5), num(6)));
  position.valid = g(7) === 'A';
  const latitude = (num(8) + Number(g(9)) / 60) * (g(10) === 'S' ? -1 : 1);
  const longitude = (num(11) + Number(g(12)) / 60) * (g(13) === 'W' ? -1 : 1);
  setLocation(position, latitude, longitude);
  position.speed = num(14);
  position.course = num(15);
  position.attributes.signal = g(19);
  if (m[20] !== undefined) applyStatus(position, g(20));
  if (m[22] !== undefined) {
    position.attributes.sat = num(22);
    position.altitude = num(23);
    position.attributes.power = num(24);
  }
  return { messages: [position], uniqueId };
};
