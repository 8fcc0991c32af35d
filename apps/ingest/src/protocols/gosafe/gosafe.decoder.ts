import type { Decoder } from '../protocol.types';
import { decodeGosafeBinary } from './gosafe-binary.decoder';
import { decodeGosafeOld, decodeGosafeRecord } from './gosafe-text.decoder';

const HEADER = /^\*GS(\d+),(\d+)(?:,([^#]*))?#?/;

/**
 * GoSafe (G1S, G3, G6S, G7, G79…): text reports `*GSvv,imei,record$record…#` (a batch of buffered records, each
 * `hhmmssddmmyy,event,SECTION:v;v,…`) or binary reports between 0xF8 flags. Every text report is answered
 * `1234`, which the device takes as the server's receipt; a bare `*GSvv,imei` is its heartbeat.
 */
export const decodeGosafe: Decoder<Buffer> = (frame) => {
  if (frame[0] === 0xf8) {
    const { uniqueId, position } = decodeGosafeBinary(frame);
    return { messages: [position], uniqueId };
  }
  const m = HEADER.exec(frame.toString('latin1'));
  if (!m) return { messages: [] };
  const uniqueId = m[2] as string;
  const data = m[3] ?? '';
  if (data === '') return { messages: [], uniqueId, ack: '1234' }; // heartbeat
  if (m[1] === '02') {
    const position = decodeGosafeOld(data);
    return { messages: position ? [position] : [], uniqueId, ack: '1234' };
  }
  const records = data.split('$').filter((record) => record !== '');
  return { messages: records.map(decodeGosafeRecord), uniqueId, ack: '1234' };
};
