import { NetworkBuilder } from '../../codec/network';
import { addAlarmOnce, clearFix, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import { knotsFromKph, parseJavaDouble, parseJavaInt } from '../../codec/units';
import type { DecodeResult, Decoder, SessionView } from '../protocol.types';
import { parseWatchHeader } from './watch.framer';

/**
 * The kids-watch protocol family (3G/SG/CS/ZJ makers): `[maker*id*len*TYPE,fields]`. Links (LK) and alarms (AL)
 * are answered with their type, positions come in UD/UD2/UD_LTE/AL/WT messages, health readings (heart rate, blood
 * pressure, temperature) have no location of their own.
 */
export const decodeWatch: Decoder<Buffer> = (frame, session) => {
  if (frame[0] !== 0x5b || frame[frame.length - 1] !== 0x5d) throw new Error('watch: not a [..] frame');
  const header = parseWatchHeader(frame);
  if (header === 'wait' || header === 'invalid') throw new Error('watch: bad header');
  const content = frame.subarray(header.contentStart, frame.length - 1);
  const comma = content.indexOf(0x2c);
  const type = content.subarray(0, comma < 0 ? content.length : comma).toString('latin1');
  const rest = comma < 0 ? '' : content.subarray(comma + 1).toString('latin1');
  const values = comma < 0 ? [] : rest.split(',');

  const result: DecodeResult = { messages: [], uniqueId: header.id };
  const state = { manufacturer: header.manufacturer, index: header.index };
  if (session.state.manufacturer !== state.manufacturer || session.state.index !== state.index) result.state = state;
  const reply = (text: string) => {
    result.ack = watchFrame(header.manufacturer, header.id, header.index, text);
  };

  if (type === 'INIT') {
    reply('INIT,1');
  } else if (type === 'LK') {
    reply('LK');
    if (values.length >= 3) {
      const position = clearFix(newPosition(), session.receivedAt);
      const level = parseJavaInt((values[2] ?? '').split('.')[0] ?? '');
      if (level !== undefined) position.attributes.batteryLevel = level;
      result.messages.push(position);
    }
  } else if (/^(UD|AL|WT)/.test(type)) {
    const position = decodePosition(values);
    if (type.startsWith('AL')) {
      if (position && position.attributes.alarm === undefined) position.attributes.alarm = 'general';
      reply('AL');
    }
    if (position) result.messages.push(position);
  } else if (type === 'TKQ' || type === 'TKQ2') {
    reply(type);
  } else if (type === 'CONFIG') {
    reply('CONFIG,1');
  } else if (type === 'JXTK') {
    reply('JXTKR,1');
  } else if (HEALTH.has(type.toLowerCase())) {
    const position = decodeHealth(type.toLowerCase(), values, session);
    if (position) result.messages.push(position);
    reply(type);
  }
  return result;
};

const HEALTH = new Set(['pulse', 'heart', 'blood', 'bphrt', 'temp', 'btemp2']);

/** `[maker*id*LEN*content]` (ZJ frames carry their index too). */
export function watchFrame(manufacturer: string, id: string, index: string | null, content: string): string {
  const length = Buffer.byteLength(content, 'latin1').toString(16).toUpperCase().padStart(4, '0');
  return `[${manufacturer}*${id}*${index === null ? '' : `${index}*`}${length}*${content}]`;
}

function decodeHealth(type: string, values: string[], session: SessionView): PositionDraft | null {
  if (values.length === 0 || values[0] === '') return null;
  const position = clearFix(newPosition(), session.receivedAt);
  const attributes = position.attributes;
  let i = 0;
  if (type === 'temp') {
    const temp = parseJavaDouble(values[0] ?? '');
    if (temp !== undefined) attributes.temp1 = temp;
  } else if (type === 'btemp2') {
    if ((parseJavaInt(values[i++] ?? '') ?? 0) > 0) {
      const temp = parseJavaDouble(values[i] ?? '');
      if (temp !== undefined) attributes.temp1 = temp;
    }
  } else {
    if (type === 'bphrt' || type === 'blood') {
      attributes.pressureHigh = values[i++] ?? '';
      attributes.pressureLow = values[i++] ?? '';
    }
    const heartRate = parseJavaInt(values[i] ?? '');
    if (heartRate !== undefined) attributes.heartRate = heartRate;
  }
  return position;
}

/** Watch status bits 16..21: the alarm the device raised. */
function decodeAlarm(status: number): string | undefined {
  if (status & (1 << 16)) return 'sos';
  if (status & (1 << 17)) return 'lowBattery';
  if (status & (1 << 18)) return 'geofenceExit';
  if (status & (1 << 19)) return 'geofenceEnter';
  if (status & (1 << 20)) return 'removing';
  if (status & (1 << 21)) return 'fallDown';
  return undefined;
}

/**
 * `ddmmyy,hhmmss,A|V,lat,N|S,lon,E|W,speed(km/h),course,altitude,satellites,rssi,battery,steps,rolls,status(hex),`
 * then cells (`count,ta,mcc,mnc,{lac,cid,rssi}`) and Wi-Fi (`count,{name,mac,rssi}`).
 */
function decodePosition(values: string[]): PositionDraft | null {
  if (values.length < 16) return null;
  const v = (i: number) => (values[i] ?? '').trim();
  const date = v(0);
  const time = v(1);
  if (!/^\d{6}$/.test(date) || !/^\d{6}$/.test(time)) return null;
  const num = (text: string) => parseJavaDouble(text) ?? 0;
  const int = (text: string) => parseJavaInt(text) ?? 0;
  const position = newPosition();
  const part = (s: string, at: number) => Number(s.slice(at, at + 2));
  setTime(
    position,
    Date.UTC(2000 + part(date, 4), part(date, 2) - 1, part(date, 0), part(time, 0), part(time, 2), part(time, 4)),
  );
  position.valid = v(2) === 'A';
  const latitude = v(3) === '' ? Number.NaN : num(v(3));
  const longitude = v(5) === '' ? Number.NaN : num(v(5));
  if (Number.isNaN(latitude) || Number.isNaN(longitude)) return null;
  position.latitude = v(4) === 'S' ? -Math.abs(latitude) : latitude;
  position.longitude = v(6) === 'W' ? -Math.abs(longitude) : longitude;
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) throw new Error('watch: bad coordinates');
  position.speed = Math.max(0, knotsFromKph(num(v(7))));
  const course = num(v(8));
  position.course = course >= 0 && course <= 360 ? course : 0;
  position.altitude = num(v(9));

  const attributes = position.attributes;
  attributes.sat = int(v(10));
  attributes.rssi = int(v(11));
  attributes.batteryLevel = int(v(12));
  attributes.steps = int(v(13));
  const status = /^[0-9A-Fa-f]{1,8}$/.test(v(15)) ? Number.parseInt(v(15), 16) : 0;
  addAlarmOnce(position, decodeAlarm(status));
  if (status & (1 << 4)) attributes.motion = true;

  position.network = decodeNetwork(values.slice(16));
  return position;
}

/** Cells then Wi-Fi; a list that does not parse leaves the position without a network, as in Traccar. */
function decodeNetwork(values: string[]): ReturnType<NetworkBuilder['build']> {
  const network = new NetworkBuilder();
  let i = 0;
  const next = () => {
    if (i >= values.length) throw new Error('short');
    return values[i++] as string;
  };
  const int = (text: string) => {
    const value = parseJavaInt(text);
    if (value === undefined) throw new Error('not a number');
    return value;
  };
  try {
    const cellCount = int(next());
    i += 1; // timing advance
    if (cellCount > 0) {
      const optional = () => {
        const text = next();
        return text === '' ? 0 : int(text);
      };
      const mcc = optional();
      const mnc = optional();
      for (let c = 0; c < cellCount; c++) {
        const lac = int(next());
        const cid = int(next());
        const rssi = next();
        network.addCell(mcc, mnc, lac, cid, rssi === '' ? undefined : -int(rssi));
      }
    }
    if (i < values.length && values[i] !== '') {
      const wifiCount = int(next());
      for (let w = 0; w < wifiCount; w++) {
        next(); // name
        const mac = next();
        const rssi = next();
        if (mac !== '' && mac !== '0' && rssi !== '') network.addWifi(mac, int(rssi));
      }
    }
  } catch {
    return null;
  }
  return network.build();
}
