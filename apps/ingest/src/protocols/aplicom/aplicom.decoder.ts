import { ByteReader } from '../../codec/byte-reader';
import type { PositionDraft } from '../../codec/position-builder';
import type { DecodeResult, SessionView } from '../protocol.types';
import { headerLength } from './aplicom.framer';
import { decodeCan, decodeHistogram, decodePosition, decodeTachograph } from './aplicom-records';

/**
 * Selector assumed for a message whose version byte says none is sent (bit 6 clear): the unit then sends the
 * fields it is configured for, which the server cannot know; these are the core ones of each message type.
 */
export const DEFAULT_SELECTORS: Readonly<Partial<Record<string, number>>> = {
  D: 0x00001f, // event, time, snapshot time, location, speed
  E: 0x000007, // event, tachograph event, time
  F: 0x000003, // event, time
  H: 0x000003, // event, time
};

/** The reader of each message type's data. */
const DECODERS: Readonly<Partial<Record<string, (reader: ByteReader, selector: number) => PositionDraft>>> = {
  D: decodePosition,
  E: decodeTachograph,
  F: decodeCan,
  H: decodeHistogram,
};

/** The message's unit id: a 7-byte IMEI or a 3-byte unit number, both as decimal text. */
function unitIdOf(frame: Buffer, version: number): string {
  const size = (version & 0x80) !== 0 ? 7 : 3;
  let value = 0n;
  for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(frame[2 + i] as number);
  return value.toString();
}

/**
 * Aplicom D protocol (A1, A9, A11 units; port 5049, TCP): one message per frame (aplicom.framer.ts). The protocol
 * letter says what the data is: D a position report, E tachograph data, F CAN-bus (FMS) data, H histograms; C
 * (CAN-interface pass-through) only names the unit. The selector's bits say which fields follow, in the order
 * aplicom-records.ts reads them. The protocol has no acknowledgement: the unit sends and forgets.
 */
export function decodeAplicom(frame: Buffer, _session: SessionView): DecodeResult {
  if (frame.length < 7) throw new Error('aplicom message too short');
  const protocol = String.fromCharCode(frame[0] as number);
  const version = frame[1] as number;
  const header = headerLength(version);
  const uniqueId = unitIdOf(frame, version);
  if (!(protocol in DEFAULT_SELECTORS)) {
    if (protocol === 'C') return { messages: [], uniqueId };
    throw new Error(`aplicom protocol ${protocol}`);
  }
  if (frame.length < header) throw new Error('aplicom header truncated');
  const hasSelector = (version & 0x40) !== 0;
  const lengthAt = header - (hasSelector ? 5 : 2);
  const length = frame.readUInt16BE(lengthAt);
  if (frame.length !== header + length) {
    throw new Error(`aplicom length ${length} does not match ${frame.length - header}`);
  }
  const selector = hasSelector ? frame.readUIntBE(lengthAt + 2, 3) : (DEFAULT_SELECTORS[protocol] as number);
  const reader = new ByteReader(frame, header);
  const decode = DECODERS[protocol];
  if (!decode) throw new Error(`aplicom protocol ${protocol}`);
  const position = decode(reader, selector);
  return { messages: [position], uniqueId };
}
