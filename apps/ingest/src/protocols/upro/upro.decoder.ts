import { isoTimeOf } from '../../codec/dates';
import { addCellTower, cellTower } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';
import { newPositionAt, setAttribute, setLocation } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';

/** `*<maker><version 20x><id>,<type>[<subtype>]` then `&<letter><value>` sections; `#` ends the message. */
const HEADER = /^\*(\w\w)20\d(\w+),([A-Z]{2})(\d?)/;

/**
 * UPRO (HQ, VK, MG, AI makers) over TCP: a header naming the device and the message type, then lettered sections
 * (A fix, B status, C odometer, F speed, G altitude, N signal, R/O satellites, M/T battery, V/Y power, P/I/X/Y
 * cells, K extended status, J temperature, d ADC, S OBD, X(…) items) in any order; GY carries a driver card.
 * Sections are read as the devices send them; a message without sections only names the device. No acks.
 */
export const decodeUpro: Decoder<Buffer> = (frame) => {
  let text = frame.toString('latin1');
  if (text.endsWith('#')) text = text.slice(0, -1);
  const header = HEADER.exec(text);
  if (!header) throw new Error('upro: not a message');
  const uniqueId = header[2] as string;
  const type = header[3] as string;
  const result: DecodeResult = { messages: [], uniqueId };
  const body = text.slice(header[0].length);

  if (type === 'GY') {
    const card = body.slice(4);
    if (card === '') return result;
    const position = newPositionAt(null);
    setAttribute(position, 'driverUniqueId', card);
    result.messages.push(position);
    return result;
  }

  const sections = body.split('&').slice(1);
  if (sections.length === 0) return result;
  const position = newPositionAt(null);
  for (const section of sections) readSection(position, section.charAt(0), section.slice(1));
  result.messages.push(position);
  return result;
};

function readSection(position: PositionDraft, key: string, value: string): void {
  switch (key) {
    case 'A':
      readFix(position, value);
      break;
    case 'B':
      if (/^[0-9A-Fa-f]{10}$/.test(value)) {
        setAttribute(position, 'ignition', (Number.parseInt(value.charAt(1), 16) & 1) === 1);
        setAttribute(position, 'status', value);
      }
      break;
    case 'C':
      // eight nibbles as the characters 0x30-0x3F; the device counts in units of 1.852/1.8 m
      if (/^[0-?]{8}$/.test(value)) {
        let units = 0;
        for (const c of value) units = units * 16 + (c.charCodeAt(0) - 0x30);
        setAttribute(position, 'odometer', Math.floor((units * 1.852) / 1.8));
      }
      break;
    case 'F':
      if (/^\d{4}$/.test(value)) position.speed = Number(value) / 10;
      break;
    case 'G':
      if (/^-?\d+$/.test(value)) position.altitude = Number(value) / 10;
      break;
    case 'N':
      if (/^\d{2}$/.test(value)) setAttribute(position, 'rssi', Number(value));
      break;
    case 'R':
      if (/^\d{4}$/.test(value)) {
        setAttribute(position, 'rssi', Number(value.slice(0, 2)));
        setAttribute(position, 'sat', Number(value.slice(2)));
      }
      break;
    case 'O':
      if (/^\d{4}$/.test(value)) setAttribute(position, 'sat', Number(value.slice(0, 2)));
      break;
    case 'M':
      if (/^\d{3}$/.test(value)) setAttribute(position, 'batteryLevel', Number(value) / 10);
      break;
    case 'T':
      if (/^\d{2}$/.test(value)) setAttribute(position, 'batteryLevel', Number(value));
      break;
    case 'V':
      if (/^\d{4}$/.test(value)) setAttribute(position, 'power', Number(value) / 10);
      break;
    case 'Y':
      if (/^\d{5}$/.test(value)) setAttribute(position, 'power', Number(value) / 1000);
      else readCells(position, value, 8, 10);
      break;
    case 'I':
      readCells(position, value, 4, 16);
      break;
    case 'X':
      if (value.startsWith('(')) readItems(position, value);
      else readCellList(position, value);
      break;
    case 'P': {
      const cell = /^(\d{4})(\d{4})([0-9a-fA-F]{4})([0-9a-fA-F]{4})$/.exec(value);
      if (cell)
        addCellTower(
          position,
          cellTower(
            Number(cell[1]),
            Number(cell[2]),
            Number.parseInt(cell[3] as string, 16),
            Number.parseInt(cell[4] as string, 16),
          ),
        );
      break;
    }
    case 'K':
      setAttribute(position, 'statusExtended', value);
      break;
    case 'J':
      if (/^\d{6}$/.test(value)) setAttribute(position, 'temp0', Number(value) / 10);
      break;
    case 'd':
      if (/^\d{5}$/.test(value)) setAttribute(position, 'adc1', Number(value) / 100);
      break;
    case 'l':
      if (/^\d/.test(value)) setAttribute(position, 'logisticsLock', Number(value.charAt(0)));
      break;
    case 'b':
      if (value.length > 3) setAttribute(position, 'serial', value.slice(3));
      break;
    case 'S':
      setAttribute(position, 'obdTraffic', Buffer.from(value, 'latin1').toString('hex'));
      break;
  }
}

/**
 * `<hhmmss><ddmmmmmm><dddmmmmmm><flags><speed><course/10><ddmmyy>`: minutes to four decimals without a point;
 * flags bit 0 set = no fix, bit 1 north, bit 2 east.
 */
function readFix(position: PositionDraft, value: string): void {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d{6})(\d{3})(\d{6})(\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!m) throw new Error(`upro: bad fix ${value}`);
  const flags = Number(m[8]);
  const latitude = (Number(m[4]) + Number(m[5]) / 10000 / 60) * (flags & 2 ? 1 : -1);
  const longitude = (Number(m[6]) + Number(m[7]) / 10000 / 60) * (flags & 4 ? 1 : -1);
  const iso = isoTimeOf(Number(m[13]), Number(m[12]), Number(m[11]), Number(m[1]), Number(m[2]), Number(m[3]));
  position.fixTime = iso;
  position.deviceTime = iso;
  setLocation(position, latitude, longitude);
  position.valid = (flags & 1) === 0;
  position.course = Number(m[10]) * 10;
}

/** `<count><mcc 3><mnc 2>` then `<lac 4 hex><cid hex><rssi>` groups (I: 4-digit cid, hex rssi; Y: 8-digit cid, decimal rssi). */
function readCells(position: PositionDraft, value: string, cidDigits: number, rssiRadix: number): void {
  const head = /^(\d)(\d{3})(\d{2})/.exec(value);
  if (!head) return;
  const group = 4 + cidDigits + 2;
  const rest = value.slice(head[0].length);
  for (let at = 0; at + group <= rest.length; at += group) {
    const lac = Number.parseInt(rest.slice(at, at + 4), 16);
    const cid = Number.parseInt(rest.slice(at + 4, at + 4 + cidDigits), 16);
    const rssi = Number.parseInt(rest.slice(at + 4 + cidDigits, at + group), rssiRadix);
    if ([lac, cid, rssi].some(Number.isNaN)) return;
    addCellTower(position, cellTower(Number(head[2]), Number(head[3]), lac, cid, -rssi));
  }
}

/** `<mcc>,<mnc>,<lac>,<cid>,<rssi>;<lac>,<cid>,<rssi>;…` in decimal. */
function readCellList(position: PositionDraft, value: string): void {
  const [first, ...others] = value.split(';');
  const head = /^(\d+),(\d+),(.*)$/.exec(first ?? '');
  if (!head) return;
  for (const cell of [head[3] as string, ...others]) {
    const m = /^(\d+),(\d+),(\d+)$/.exec(cell);
    if (m)
      addCellTower(position, cellTower(Number(head[1]), Number(head[2]), Number(m[1]), Number(m[2]), -Number(m[3])));
  }
}

/** `(J<timezone>)(k<iccid>)(…)` items. */
function readItems(position: PositionDraft, value: string): void {
  for (const item of value.matchAll(/\(([^()]*)\)/g)) {
    const text = item[1] as string;
    if (text.startsWith('J')) setAttribute(position, 'timezone', text.slice(1));
    else if (text.startsWith('k')) setAttribute(position, 'iccid', text.slice(1));
  }
}
