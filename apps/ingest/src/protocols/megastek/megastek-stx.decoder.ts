import { NetworkBuilder } from '../../codec/network';
import { addAlarm, newPosition, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import type { DecodeResult } from '../protocol.types';
import { checkMotion, dmyTime, megastekAlarm, nmeaDegrees } from './megastek-fields';

/**
 * The older `STX` reports: a head naming the device (`STX,id,`, `LOGSTX,id,` for logged reports, or `STX` and the
 * id padded with blanks), an NMEA RMC sentence, then the tracker's fields and `;` with a checksum. Two layouts
 * follow the RMC sentence:
 * - `L|F,event,imei:<imei>,sat[/visible],altitude,Battery=NN%,,charge,mcc,mnc,lac,cid` (MT-90 and kin);
 * - `mcc,mnc,lac,cid,rssi,battery,flags,inputs,outputs,adc1,adc2,adc3,event` (the first STX firmware).
 * The fields are read only when the RMC sentence ends with its `*` checksum: without it, where the sentence ends is
 * not known, and only the RMC part is taken.
 */
export function decodeMegastekStx(text: string): DecodeResult {
  const start = text.indexOf('$GPRMC');
  const head = text.slice(0, start).replace(/^(LOG)?STX,?/, '');
  const id = deviceId(head);
  const end = text.lastIndexOf(';');
  const f = text.slice(start, end > start ? end : text.length).split(',');
  // $GPRMC,time,status,lat,N,lon,E,speed,course,date,variation,E/W,mode*cs
  if (f.length < 10) throw new Error('megastek RMC sentence too short');
  const result: DecodeResult = { messages: [] };
  if (id !== '') result.uniqueId = id;
  if ((f[3] ?? '') === '' || (f[5] ?? '') === '') return result;

  const position = newPosition();
  const time = dmyTime(f[9], f[1]);
  position.deviceTime = time;
  position.fixTime = time;
  position.valid = f[2] === 'A';
  setLocation(position, nmeaDegrees(f[3] as string, f[4], 'S'), nmeaDegrees(f[5] as string, f[6], 'W'));
  position.speed = decimal(f[7]) ?? 0;
  position.course = decimal(f[8]) ?? 0;
  checkMotion(position.speed, position.course);
  result.messages.push(position);

  const mode = f.findIndex((field, i) => i >= 12 && field.includes('*'));
  if (mode < 0) return result;
  const rest = f.slice(mode + 1);
  if (/^[LF]$/.test(rest[0] ?? '')) {
    const imei = /^imei:(\w+)$/.exec(rest[2] ?? '')?.[1];
    if (imei) result.uniqueId = imei;
    readMt90(position, rest);
  } else {
    readFirst(position, rest);
  }
  return result;
}

const decimal = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
};
const integer = (text: string | undefined, radix = 10): number | undefined => {
  if (text === undefined || !(radix === 16 ? /^[0-9a-fA-F]+$/ : /^\d+$/).test(text)) return undefined;
  return Number.parseInt(text, radix);
};

function readMt90(position: PositionDraft, f: string[]): void {
  addAlarm(position, megastekAlarm(f[1]));
  const sats = /^(\d+)(?:\/(\d+))?$/.exec(f[3] ?? '');
  if (sats) {
    position.attributes.sat = Number(sats[1]);
    if (sats[2] !== undefined) position.attributes.satVisible = Number(sats[2]);
  }
  position.altitude = decimal(f[4]) ?? 0;
  const battery = /^Battery=(\d+(?:\.\d+)?)%$/.exec(f[5] ?? '');
  if (battery) position.attributes.batteryLevel = Number(battery[1]);
  if (f[7] === '0' || f[7] === '1') position.attributes.charge = f[7] === '1';
  const [mcc, mnc, lac, cid] = [integer(f[8]), integer(f[9]), integer(f[10], 16), integer(f[11], 16)];
  if (mcc !== undefined && mnc !== undefined && lac !== undefined && cid !== undefined) {
    const network = new NetworkBuilder();
    network.addCell(mcc, mnc, lac, cid);
    position.network = network.build();
  }
}

function readFirst(position: PositionDraft, f: string[]): void {
  const [mcc, mnc, lac, cid, rssi] = [
    integer(f[0]),
    integer(f[1]),
    integer(f[2], 16),
    integer(f[3], 16),
    integer(f[4]),
  ];
  if (mcc !== undefined && mnc !== undefined && lac !== undefined && cid !== undefined) {
    const network = new NetworkBuilder();
    network.addCell(mcc, mnc, lac, cid, rssi === undefined ? undefined : -rssi);
    position.network = network.build();
  }
  setAttribute(position, 'batteryLevel', decimal(f[5]));
  setAttribute(position, 'flags', f[6]);
  setAttribute(position, 'input', f[7]);
  setAttribute(position, 'output', f[8]);
  setAttribute(position, 'adc1', f[9]);
  setAttribute(position, 'adc2', f[10]);
  setAttribute(position, 'adc3', f[11]);
  addAlarm(position, megastekAlarm(f[12]));
}

/** The id at the start of the head: its printable characters up to a comma, a blank or a control byte. */
function deviceId(head: string): string {
  let end = 0;
  while (end < head.length && head.charCodeAt(end) > 0x20 && head.charCodeAt(end) < 0x7f && head[end] !== ',') end++;
  return head.slice(0, end);
}
