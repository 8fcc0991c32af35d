import { NetworkBuilder } from '../../codec/network';
import { addAlarm, newPosition, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';
import { checkMotion, dmyTime, megastekAlarm, nmeaDegrees } from './megastek-fields';
import { decodeMegastekStx } from './megastek-stx.decoder';

/**
 * Megastek trackers (GVT900, MT-90, watches) send text reports in two families, with no acknowledgement expected:
 * - `$MGV002,imei,name,R|S,ddmmyy,hhmmss,A|V,lat,N,lon,E,…;!` (optionally after a 4-digit length): GNSS, odometer,
 *   serving cell, I/O or health readings, charge/belt state, battery, event and Wi-Fi scan (S = stored, archived);
 * - `STX…$GPRMC,…` (older firmware): an NMEA RMC sentence followed by the tracker's fields (megastek-stx.decoder.ts).
 * A report without a location (empty coordinates) or without an IMEI gives no position. `cmd=…` lines are the
 * tracker's requests to a location service, which this server does not offer: they are read and ignored.
 */
export const decodeMegastek: Decoder<Buffer> = (frame) => {
  let text = frame.toString('latin1').trim();
  if (/^\d{4}\$/.test(text)) text = text.slice(4);
  if (text.startsWith('$MGV')) return decodeMgv(text);
  if (text.includes('$GPRMC')) return decodeMegastekStx(text);
  if (text.startsWith('cmd=')) return { messages: [] };
  throw new Error('not a megastek report');
};

const number = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
};
const int = (text: string | undefined, radix = 10): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const pattern = radix === 16 ? /^[0-9a-fA-F]+$/ : /^-?\d+$/;
  if (!pattern.test(text.trim())) throw new Error(`not an integer: ${text}`);
  return Number.parseInt(text, radix);
};

function decodeMgv(text: string): DecodeResult {
  const body = text.replace(/;!?$/, '');
  const f = body.split(',');
  if (f.length < 11) throw new Error('megastek report too short');
  const imei = f[1]?.trim() ?? '';
  if (imei === '') return { messages: [] };
  const result: DecodeResult = { messages: [], uniqueId: imei };
  if ((f[7] ?? '') === '' || (f[9] ?? '') === '') return result;

  const position = newPosition();
  const time = dmyTime(f[4], f[5]);
  position.deviceTime = time;
  position.fixTime = time;
  if (f[3] === 'S') position.attributes.archive = true;
  position.valid = f[6] === 'A';
  setLocation(position, nmeaDegrees(f[7] as string, f[8], 'S'), nmeaDegrees(f[9] as string, f[10], 'W'));

  // satellites in use per constellation (GPS, GLONASS, BeiDou), then HDOP, speed (knots), course, altitude
  position.attributes.sat = (int(f[11]) ?? 0) + (int(f[12]) ?? 0) + (int(f[13]) ?? 0);
  position.attributes.hdop = number(f[14]) ?? 0;
  position.speed = number(f[15]) ?? 0;
  position.course = number(f[16]) ?? 0;
  position.altitude = number(f[17]) ?? 0;
  checkMotion(position.speed, position.course);
  const odometer = number(f[18]);
  if (odometer !== undefined) position.attributes.odometer = odometer * 1000;

  const [mcc, mnc, lac, cid, rssi] = [int(f[19]), int(f[20]), int(f[21], 16), int(f[22], 16), int(f[23])];
  const network = new NetworkBuilder();
  if (mcc !== undefined && mnc !== undefined && lac !== undefined && cid !== undefined && rssi !== undefined) {
    network.addCell(mcc, mnc, lac, cid, -rssi);
  }
  readSensors(position, f.slice(24, 32));

  const state = f[32] ?? '';
  if (/^[01]\d+$/.test(state)) {
    // charging (1/0), then the belt (strap) state
    position.attributes.charge = state[0] === '1';
    position.attributes.belt = Number(state.slice(1));
  }
  setAttribute(position, 'batteryLevel', int(f[33]));
  addAlarm(position, megastekAlarm(f[34]));
  for (const entry of (f[35] ?? '').split('|')) {
    const m = /^([0-9a-fA-F]{12}):(\d+)$/.exec(entry);
    if (m) network.addWifi((m[1] as string).toLowerCase().replace(/(..)(?!$)/g, '$1:'), -Number(m[2]));
  }
  position.network = network.build();
  result.messages.push(position);
  return result;
}

/**
 * Fields 24-31: a vehicle tracker sends inputs and outputs (4 binary digits each), three ADCs and two temperatures;
 * a watch sends heart rate, steps, activity, light and deep sleep minutes.
 */
function readSensors(position: PositionDraft, f: string[]): void {
  if (/^[01]{4}$/.test(f[0] ?? '')) {
    setAttribute(position, 'input', f[0]);
    setAttribute(position, 'output', f[1]);
    for (let i = 1; i <= 3; i++) setAttribute(position, `adc${i}`, number(f[1 + i]));
    setAttribute(position, 'temp1', number(f[5]));
    setAttribute(position, 'temp2', number(f[6]));
    return;
  }
  const keys = ['heartRate', 'steps', 'activityTime', 'lightSleepTime', 'deepSleepTime'];
  keys.forEach((key, i) => {
    setAttribute(position, key, int(f[i]));
  });
}
