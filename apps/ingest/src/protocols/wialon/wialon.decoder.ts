import type { DecodedPosition, DecodeResult, Decoder, SessionView } from '../protocol.types';
import { parseWialonCrc, wialonCrc16 } from './wialon-crc';
import { decodeWialonRecord } from './wialon-record.decoder';

/**
 * Wialon IPS 1.1 and 2.0 (text, one packet per line): `#L#` login (`imei;password` or `2.0;imei;password;crc`) →
 * `#AL#1`, `#P#` ping → `#AP#`, `#SD#` short and `#D#` full data → `#ASD#1` / `#AD#1`, `#B#` black box (records
 * separated by `|`, archived) → `#AB#<count>`, `#M#` driver message → `#AM#1`. IPS 2.0 ends data packets with a
 * CRC-16 (see wialon-crc.ts): a wrong one is answered with code 16 and the packet is dropped. Over UDP each packet
 * is prefixed by the device id (`imei#D#…` or `2.0;imei;…#D#…`). Several lines in one frame are decoded in turn.
 */
export const decodeWialon: Decoder<Buffer> = (frame, session) => {
  const lines = frame
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new Error('empty wialon frame');
  const result: DecodeResult = { messages: [] };
  const acks: string[] = [];
  let uniqueId: string | null = session.uniqueId;
  for (const line of lines) {
    const one = decodeLine(line, uniqueId, session);
    result.messages.push(...one.messages);
    if (one.uniqueId) {
      uniqueId = one.uniqueId;
      result.uniqueId = one.uniqueId;
    }
    if (typeof one.ack === 'string') acks.push(one.ack);
  }
  if (acks.length > 0) result.ack = acks.join('');
  return result;
};

function decodeLine(line: string, sessionDevice: string | null, session: SessionView): DecodeResult {
  let text = line.replace(/\r$/, '');
  let prefixDevice: string | undefined;
  if (!text.startsWith('#')) {
    // UDP packets name their device before the first '#'; on TCP that is garbage before the packet
    const start = text.indexOf('#');
    if (start <= 0) throw new Error('not a wialon packet');
    if (session.transport === 'udp') {
      prefixDevice = deviceOfPrefix(text.slice(0, start));
      if (!prefixDevice) throw new Error('wialon UDP packet names no device');
    }
    text = text.slice(start);
  }
  const m = /^#([A-Z]{1,3})#(.*)$/s.exec(text);
  if (!m) throw new Error('not a wialon packet');
  const type = m[1] as string;
  const body = m[2] as string;

  if (type === 'L') return login(body);
  if (type === 'P') return { messages: [], ...(prefixDevice ? { uniqueId: prefixDevice } : {}), ack: '#AP#\r\n' };

  const device = prefixDevice ?? sessionDevice;
  if (!device) return { messages: [] }; // data before any login: the device is unknown
  const identified = prefixDevice ? { uniqueId: prefixDevice } : {};
  switch (type) {
    case 'SD':
    case 'D': {
      const fields = body.split(';');
      const ack = type === 'SD' ? '#ASD#' : '#AD#';
      const withCrc = type === 'SD' ? fields.length === 11 : fields.length === 17 && fields[16]?.trim() !== '';
      if (withCrc && !checksumMatches(body, body.lastIndexOf(';') + 1)) {
        return { messages: [], ...identified, ack: `${ack}16\r\n` };
      }
      const record = decodeWialonRecord(withCrc ? fields.slice(0, -1) : fields, session.receivedAt);
      return { messages: [record], ...identified, ack: `${ack}1\r\n` };
    }
    case 'B': {
      const parts = body.split('|');
      const last = parts.at(-1) ?? '';
      let records = parts;
      if (parts.length > 1 && parseWialonCrc(last) !== undefined && !last.includes(';')) {
        if (!checksumMatches(body, body.lastIndexOf('|') + 1)) return { messages: [], ...identified, ack: '#AB#0\r\n' };
        records = parts.slice(0, -1);
      }
      const messages: DecodedPosition[] = [];
      for (const record of records) {
        if (record.trim() === '') continue;
        const position = decodeWialonRecord(record.split(';'), session.receivedAt);
        position.attributes.archive = true;
        messages.push(position);
      }
      return { messages, ...identified, ack: `#AB#${messages.length}\r\n` };
    }
    case 'M':
      return { messages: [], ...identified, ack: '#AM#1\r\n' };
    default:
      return { messages: [], ...identified };
  }
}

/** `#L#imei;password` (1.1) or `#L#2.0;imei;password;crc` (2.0). The 2.0 checksum is not enforced at login. */
function login(body: string): DecodeResult {
  const fields = body.split(';');
  const versioned = fields.length >= 3 && /^\d+\.\d+$/.test(fields[0] ?? '');
  const imei = (versioned ? fields[1] : fields[0])?.trim() ?? '';
  if (imei === '') return { messages: [], ack: '#AL#0\r\n' };
  return { messages: [], uniqueId: imei, ack: '#AL#1\r\n' };
}

/** The device id before the first `#` of a UDP packet: `imei` or `2.0;imei[;password]`. */
function deviceOfPrefix(prefix: string): string | undefined {
  const parts = prefix.split(';');
  const id = (/^\d+\.\d+$/.test(parts[0] ?? '') && parts.length > 1 ? parts[1] : parts[0])?.trim() ?? '';
  return /^[0-9A-Za-z_-]{1,32}$/.test(id) ? id : undefined;
}

/** Whether the checksum after `end` matches the body before it. */
function checksumMatches(body: string, end: number): boolean {
  const sent = parseWialonCrc(body.slice(end));
  return sent !== undefined && sent === wialonCrc16(body.slice(0, end));
}
