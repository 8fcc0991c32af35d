import { isoTimeOf } from '../../codec/dates';
import {
  addAlarm,
  newPosition,
  newPositionAt,
  type PositionDraft,
  setAttribute,
  setLocation,
} from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';
import { HEADER_LENGTH, idOf, MIN_PACKET, serverPacket } from './meiligao-frame';

/** Tracker-to-server commands. */
const LOGIN = 0x5000;
const LOGIN_CONFIRM = 0x4000;
const POSITION = 0x9955;
const ALARM = 0x9999;
const POSITION_LOGGED = 0x9016;
const RETRANSMISSION = 0x6688;
const RFID = 0x9966;
const DTC = 0x9903;

/** Alarm codes of a 0x9999 report (and of each retransmitted record). */
const ALARMS: Readonly<Record<number, string>> = {
  1: 'sos',
  16: 'lowBattery',
  17: 'overspeed',
  18: 'movement',
  19: 'geofenceEnter',
  20: 'accident',
  80: 'powerOff',
  83: 'gpsAntennaCut',
};

/** GPRMC fields: time (hour may have one digit), validity, latitude, longitude, speed (knots), course, date. */
const RMC =
  /^(\d{1,2})(\d\d)(\d\d)(?:\.\d+)?,([AV]),(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW]),(\d*(?:\.\d*)?),(\d*(?:\.\d*)?),(\d\d)(\d\d)(\d\d)/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const SIGNED = /^-?\d+(?:\.\d+)?$/;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
const HEX = /^[0-9A-Fa-f]+$/;
const ADC = /^[0-9A-Fa-f]+(?:,[0-9A-Fa-f]+)+$/;
const DIGITS = /^\d+$/;
/** RFID report: card, then `|hhmmss,ddmmyy,DDMM.mmmm,N,DDDMM.mmmm,E`. */
const RFID_FIX = /^(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW])/;

const num = (text: string | undefined) => Number(text);

/**
 * Meiligao (GT30i/GT60/VT300/VT310/VT400 and kin) packets: login 0x5000 (confirmed with 0x4000), position 0x9955 and
 * logged position 0x9016, alarm 0x9999 (alarm code then the position), retransmitted records 0x6688, RFID 0x9966 and
 * OBD trouble codes 0x9903. The position text is a GPRMC sentence and `|`-separated extras: HDOP, altitude, I/O
 * state, ADC values, then either base station id, CSQ, mileage (hex), satellites and card text, or mileage
 * (decimal) and driver id. Other commands (photos, OBD data, command replies) yield nothing.
 */
export const decodeMeiligao: Decoder<Buffer> = (frame) => {
  if (frame.length < MIN_PACKET || frame[0] !== 0x24 || frame[1] !== 0x24) throw new Error('not a meiligao packet');
  const declared = frame.readUInt16BE(2);
  // a declared length past the bytes (or below a packet) is a firmware slip: the packet is what the framer cut
  const end = declared >= MIN_PACKET && declared <= frame.length ? declared : frame.length;
  if (frame[end - 2] !== 0x0d || frame[end - 1] !== 0x0a) throw new Error('meiligao packet does not end in CR LF');
  const idField = frame.subarray(4, 11);
  const uniqueId = idOf(idField);
  if (uniqueId === '') throw new Error('meiligao packet without a device id');
  const command = frame.readUInt16BE(11);
  const data = frame.subarray(HEADER_LENGTH, end - 4);
  const result: DecodeResult = { messages: [], uniqueId };
  switch (command) {
    case LOGIN:
      result.ack = serverPacket(idField, LOGIN_CONFIRM, Buffer.of(0x01));
      break;
    case POSITION:
    case POSITION_LOGGED:
      pushPosition(result, data.toString('latin1'));
      break;
    case ALARM:
      if (data.length > 0) pushPosition(result, data.toString('latin1', 1), data[0]);
      break;
    case RETRANSMISSION:
      for (const record of data.toString('latin1', 1).split('\\')) {
        if (record.length > 1) pushPosition(result, record.slice(1), record.charCodeAt(0));
      }
      break;
    case RFID:
      pushRfid(result, data);
      break;
    case DTC: {
      const position = newPositionAt(null);
      setAttribute(position, 'dtcs', data.toString('latin1').trim());
      if (position.attributes.dtcs !== undefined) result.messages.push(position);
      break;
    }
    default:
      break;
  }
  return result;
};

function pushPosition(result: DecodeResult, text: string, alarmCode?: number): void {
  const m = RMC.exec(text);
  if (!m) return;
  const position = newPosition();
  const time = isoTimeOf(num(m[15]), num(m[14]), num(m[13]), num(m[1]), num(m[2]), num(m[3]));
  position.fixTime = time;
  position.deviceTime = time;
  position.valid = m[4] === 'A';
  const latitude = num(m[5]) + num(m[6]) / 60;
  const longitude = num(m[8]) + num(m[9]) / 60;
  setLocation(position, m[7] === 'S' ? -latitude : latitude, m[10] === 'W' ? -longitude : longitude);
  if (m[11]) position.speed = num(m[11]) || 0;
  if (m[12]) position.course = num(m[12]) || 0;
  if (alarmCode !== undefined) addAlarm(position, ALARMS[alarmCode]);
  const pipe = text.indexOf('|', m[0].length);
  if (pipe >= 0) readExtras(position, text.slice(pipe + 1).split('|'));
  result.messages.push(position);
}

/** HDOP | altitude | state | ADC,… | (base id | CSQ | mileage hex | satellites | card…) or (mileage | driver id). */
function readExtras(position: PositionDraft, fields: string[]): void {
  const [hdop, altitude, state, adc] = fields;
  if (hdop !== undefined && DECIMAL.test(hdop)) setAttribute(position, 'hdop', Number(hdop));
  if (altitude === undefined || !SIGNED.test(altitude)) return;
  position.altitude = Number(altitude);
  if (state === undefined || !HEX4.test(state)) return;
  const io = Number.parseInt(state, 16);
  for (let i = 1; i <= 5; i++) {
    position.attributes[`out${i}`] = (io & (1 << (i - 1))) !== 0;
    position.attributes[`in${i}`] = (io & (1 << (i + 7))) !== 0;
  }
  if (adc === undefined || !ADC.test(adc)) return;
  adc.split(',').forEach((value, i) => {
    position.attributes[`adc${i + 1}`] = Number.parseInt(value, 16);
  });
  const [first, second, third, fourth, ...card] = fields.slice(4);
  if (first === undefined) return;
  if (first.length >= 10 && HEX.test(first) && second !== undefined && HEX.test(second) && third && HEX.test(third)) {
    position.attributes.rssi = Number.parseInt(second, 16);
    position.attributes.odometer = Number.parseInt(third, 16);
    if (fourth !== undefined && HEX.test(fourth)) position.attributes.sat = Number.parseInt(fourth, 16);
    if (card.length > 0) setAttribute(position, 'card', card.join('|'));
  } else if (DIGITS.test(first)) {
    position.attributes.odometer = Number(first);
    setAttribute(position, 'driverUniqueId', second);
  }
}

function pushRfid(result: DecodeResult, data: Buffer): void {
  const pipe = data.indexOf(0x7c);
  if (data.length < 4 || pipe < 4) return;
  const m = RFID_FIX.exec(data.toString('latin1', pipe + 1));
  if (!m) return;
  const position = newPosition();
  const time = isoTimeOf(num(m[6]), num(m[5]), num(m[4]), num(m[1]), num(m[2]), num(m[3]));
  position.fixTime = time;
  position.deviceTime = time;
  position.valid = true;
  const latitude = num(m[7]) + num(m[8]) / 60;
  const longitude = num(m[10]) + num(m[11]) / 60;
  setLocation(position, m[9] === 'S' ? -latitude : latitude, m[12] === 'W' ? -longitude : longitude);
  const card = String(data.readUInt32BE(0)).padStart(10, '0');
  position.attributes.card1 = card;
  position.attributes.driverUniqueId = card;
  result.messages.push(position);
}
