import { isoTimeOf } from '../../codec/dates';
import { cellTowerInRange } from '../../codec/network';
import { addAlarm, newPosition, setLocation } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';

/** The password Laipac units ship with; the server answers alarms with it. */
export const LAIPAC_DEFAULT_PASSWORD = '00000000';

/** NMEA checksum of `$…` (XOR of the characters after `$`), as `*XX`. */
export function nmeaChecksum(sentence: string): string {
  let sum = 0;
  for (let i = sentence.startsWith('$') ? 1 : 0; i < sentence.length; i++) sum ^= sentence.charCodeAt(i) & 0xff;
  return `*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}

const AVRMC =
  /^\$AVRMC,([^,]+),(\d{2})(\d{2})(\d{2}),([AVRPavrp]),(\d{2})(\d{2}\.\d+),([NS]),(\d{3})(\d{2}\.\d+),([EW]),(\d+\.\d+),(\d+\.\d+),(\d{2})(\d{2})(\d{2}),([0-9A-Za-z]),([\d.]+),(\d+),(\d),(\d+),(\d+)(?:,([0-9A-Fa-f]{4}|[0-9A-Fa-f])([0-9A-Fa-f]{4})?,(\d{3}|\d)(\d{3})?)?(?:,[^*]*)?\*([0-9A-Fa-f]{2})/;
const ECHK = /^\$ECHK,([^,]+),(\d+)\*[0-9A-Fa-f]{2}/;

const ALARMS: Readonly<Record<string, string>> = {
  Z: 'lowBattery',
  Y: 'tow',
  X: 'geofenceEnter',
  T: 'tampering',
  H: 'powerOff',
  '8': 'vibration',
  '7': 'geofenceExit',
  '4': 'geofenceExit',
  '6': 'overspeed',
  '5': 'powerCut',
  '3': 'sos',
};

/** Alarms the unit repeats until the server confirms them with `$AVCFG,<password>,<code>`. */
const CONFIRMED: Readonly<Record<string, string>> = { '3': 'd', S: 't', T: 't', X: 'x', '4': 'x', Y: 'y', Z: 'z' };

/**
 * Laipac (S911, LaipacTrack) sentences, one per line. `$AVRMC` is the RMC-like report: id, time, status (A/R/P
 * valid; lower case asks for an `$EAVACK,<event>,<checksum>` acknowledgement), position, speed (knots), course,
 * date, event code (alarms; A-D are the two inputs' states), battery (mV, or V with a dot), odometer (km), GPS
 * status, ADCs and the serving cell (LAC and cell id in hex, MCC and MNC). `$ECHK` is the keep-alive, echoed back.
 * The checksum is not checked (Traccar's fixtures carry wrong ones and Traccar accepts them). Other sentences
 * ($AVSYS, …) yield nothing.
 */
export const decodeLaipac: Decoder<Buffer> = (frame) => {
  const sentence = frame.toString('latin1').trim();
  if (sentence.startsWith('$ECHK')) {
    const echk = ECHK.exec(sentence);
    return echk ? { messages: [], uniqueId: echk[1], ack: `${sentence}\r\n` } : { messages: [] };
  }
  const m = AVRMC.exec(sentence);
  if (!m) return { messages: [] };
  const g = (i: number) => m[i] as string;

  const position = newPosition();
  const time = isoTimeOf(+g(16), +g(15), +g(14), +g(2), +g(3), +g(4));
  position.deviceTime = time;
  position.fixTime = time;
  const status = g(5);
  position.valid = 'ARP'.includes(status.toUpperCase());
  let latitude = +g(6) + +g(7) / 60;
  if (g(8) === 'S') latitude = -latitude;
  let longitude = +g(9) + +g(10) / 60;
  if (g(11) === 'W') longitude = -longitude;
  setLocation(position, latitude, longitude);
  position.speed = +g(12);
  position.course = +g(13);

  const attributes = position.attributes;
  attributes.status = status;
  const event = g(17);
  addAlarm(position, ALARMS[event]);
  if (event >= 'A' && event <= 'D') {
    const inputs = event.charCodeAt(0) - 65;
    attributes.in1 = (inputs & 1) !== 0;
    attributes.in2 = (inputs & 2) !== 0;
  } else {
    attributes.event = event;
  }
  const battery = g(18);
  attributes.battery = battery.includes('.') ? Number(battery) : Number(battery) * 0.001;
  attributes.odometer = Number(g(19)) * 1000;
  attributes.gps = Number(g(20));
  attributes.adc1 = Number(g(21)) * 0.001;
  attributes.adc2 = Number(g(22)) * 0.001;
  if (m[24] !== undefined && m[26] !== undefined) {
    const tower = cellTowerInRange(
      Number(g(25)),
      Number(g(26)),
      Number.parseInt(g(23), 16),
      Number.parseInt(g(24), 16),
    );
    if (tower) position.network = { radioType: 'gsm', considerIp: false, cellTowers: [tower] };
  }

  const result: DecodeResult = { messages: [position], uniqueId: g(1) };
  const acks: string[] = [];
  if (status !== status.toUpperCase()) acks.push(withChecksum(`$EAVACK,${event},${g(27)}`));
  const code = CONFIRMED[event];
  if (code) acks.push(withChecksum(`$AVCFG,${LAIPAC_DEFAULT_PASSWORD},${code}`));
  if (acks.length > 0) result.ack = acks.join('');
  return result;
};

const withChecksum = (sentence: string) => `${sentence}${nmeaChecksum(sentence)}\r\n`;
