import { newPosition } from '../../codec/position-builder';
import type { DecodedPosition, DecodeResult, SessionView } from '../protocol.types';
import { type FlexLayout, flexMinimumSize, flexRecordSize, parseFlexNegotiation, readFlexRecord } from './navis-flex';
import { crc8, flexPacket, isNtcb, NTCB_HEADER, ntcbPacket, xorSum } from './navis-ntcb';
import { readNtcbRecord } from './navis-telemetry';

/** What a Navtelecom session keeps: the ids of the NTCB header (for replies and commands) and the FLEX layout. */
export type NavisState = {
  /** the device's id (the sender of its messages) */
  device?: number;
  /** the server's id as the device addresses it */
  server?: number;
  flex?: FlexLayout;
};

/**
 * Navtelecom (Traccar's `navis`, port 5019): NTCB messages (navis-ntcb.ts) and, after a FLEX negotiation, FLEX `~`
 * messages (navis.framer.ts).
 * - `*>S:<IMEI>` names the device; answered `*<S`.
 * - `*>FLEX` sets the fields of the FLEX records (kept in the session); answered `*<FLEX` with the same versions.
 * - `*>T` / `*>A`: NTCB telemetry, one record or a count of them (navis-telemetry.ts); answered `*<T` and the
 *   record's index, `*<A` and the count.
 * - `*@…`: the device's answer to a command (`*!…`), given as `result` of a position without a fix.
 * - `~A` (count and records), `~T` (index and record), `~C` (current state, one record): FLEX records
 *   (navis-flex.ts), acknowledged `~A`+count, `~T`+index, `~C`, each with its CRC-8. `~E` (count of extended
 *   messages) and `~X` (one, with its index) are acknowledged `~E`+count and `~X`+index and not decoded.
 * - 0x7F: keep-alive, nothing to answer.
 */
export function decodeNavis(frame: Buffer, session: SessionView): DecodeResult {
  if (frame.length === 1 && frame[0] === 0x7f) return { messages: [] };
  if (isNtcb(frame)) return decodeNtcb(frame, session);
  if (frame[0] === 0x7e) return decodeFlex(frame, session);
  throw new Error('navis: neither NTCB nor FLEX');
}

function decodeNtcb(frame: Buffer, session: SessionView): DecodeResult {
  if (frame.length < NTCB_HEADER) throw new Error('navis NTCB header cut');
  if (xorSum(frame, 0, 15) !== frame[15]) throw new Error('navis NTCB header checksum');
  const length = frame.readUInt16LE(12);
  if (frame.length !== NTCB_HEADER + length) throw new Error(`navis NTCB length ${length}`);
  if (xorSum(frame, NTCB_HEADER, frame.length) !== frame[14]) throw new Error('navis NTCB data checksum');
  const server = frame.readUInt32LE(4);
  const device = frame.readUInt32LE(8);
  const state: NavisState = { ...(session.state as NavisState), device, server };
  const payload = frame.subarray(NTCB_HEADER);
  const reply = (body: Buffer) => ntcbPacket(device, server, body);
  const prefix = payload.subarray(0, 3).toString('latin1');

  if (payload.subarray(0, 4).toString('latin1') === '*>S:') {
    const uniqueId = payload.subarray(4).toString('latin1').trim();
    if (!/^[\x21-\x7e]{1,32}$/.test(uniqueId)) throw new Error('navis: bad identifier');
    return { messages: [], uniqueId, ack: reply(Buffer.from('*<S', 'latin1')), state };
  }
  if (payload.subarray(0, 6).toString('latin1') === '*>FLEX') {
    const layout = parseFlexNegotiation(payload);
    const flex: FlexLayout = { version: layout.version, structure: layout.structure, fields: layout.fields };
    const answer = Buffer.concat([Buffer.from('*<FLEX', 'latin1'), Buffer.of(0xb0, layout.version, layout.structure)]);
    return { messages: [], ack: reply(answer), state: { ...state, flex } };
  }
  if (prefix === '*>T') {
    const [position, end] = readNtcbRecord(payload, 3);
    if (end !== payload.length) throw new Error('navis NTCB record length');
    const index = Buffer.alloc(4);
    index.writeUInt32LE(position.attributes.index as number);
    return { messages: [position], ack: reply(Buffer.concat([Buffer.from('*<T', 'latin1'), index])), state };
  }
  if (prefix === '*>A') {
    if (payload.length < 4) throw new Error('navis NTCB array cut');
    const count = payload[3] as number;
    const messages: DecodedPosition[] = [];
    let at = 4;
    for (let i = 0; i < count; i++) {
      const [position, end] = readNtcbRecord(payload, at);
      messages.push(position);
      at = end;
    }
    if (at !== payload.length) throw new Error('navis NTCB array length');
    return { messages, ack: reply(Buffer.concat([Buffer.from('*<A', 'latin1'), Buffer.of(count)])), state };
  }
  if (payload.subarray(0, 2).toString('latin1') === '*@') {
    const position = newPosition();
    position.outdated = true;
    position.attributes.result = payload.toString('latin1');
    return { messages: [position], state };
  }
  return { messages: [], state };
}

function decodeFlex(frame: Buffer, session: SessionView): DecodeResult {
  if (frame.length < 3) throw new Error('navis FLEX message cut');
  if (crc8(frame, 0, frame.length - 1) !== frame[frame.length - 1]) throw new Error('navis FLEX checksum');
  const type = String.fromCharCode(frame[1] as number);
  if (type === 'E' || type === 'X') {
    if (frame.length < 4) throw new Error('navis FLEX message cut');
    const body = type === 'E' ? frame.subarray(2, 3) : frame.subarray(2, 6);
    if (body.length !== (type === 'E' ? 1 : 4)) throw new Error('navis FLEX message cut');
    return { messages: [], ack: flexPacket(type, Buffer.from(body)) };
  }
  if (type !== 'A' && type !== 'T' && type !== 'C') throw new Error(`navis FLEX message type ${type}`);
  const layout = (session.state as NavisState).flex;
  if (!layout) throw new Error('navis FLEX message before the negotiation');
  // the record size: from the field sizes, or (fields of unknown size) from the message's own length, the fields
  // before the first unknown one being read
  const known = flexRecordSize(layout.fields);
  const partial = known === null;
  const body = type === 'A' ? frame.length - 4 : type === 'T' ? frame.length - 7 : frame.length - 3;
  const count = type === 'A' ? (frame[2] as number) : 1;
  if (count === 0 || body <= 0 || body % count !== 0) throw new Error('navis FLEX message length');
  const size = body / count;
  if (known !== null ? size !== known : size < flexMinimumSize(layout.fields)) {
    throw new Error('navis FLEX message length');
  }
  const start = type === 'A' ? 3 : type === 'T' ? 6 : 2;
  const messages: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const at = start + i * size;
    messages.push(readFlexRecord(frame.subarray(0, at + size), at, layout.fields, partial)[0]);
  }
  let ack: Buffer;
  if (type === 'A') ack = flexPacket('A', Buffer.of(count));
  else if (type === 'T') ack = flexPacket('T', Buffer.from(frame.subarray(2, 6)));
  else ack = flexPacket('C');
  return { messages, ack };
}
