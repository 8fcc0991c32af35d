import type { Decoder } from '../protocol.types';
import { meitrackMessage } from './meitrack.encoder';
import { decodeMeitrackCcc, decodeMeitrackCce } from './meitrack-binary.decoder';
import { decodeMeitrackAaa, meitrackResult } from './meitrack-text.decoder';

const COMMA = 0x2c;

/**
 * Meitrack GPRS protocol: `$$<flag><length>,<imei>,<type>,<content>*<checksum>\r\n`. AAA is the text report, CCE
 * and CCC the binary compressed reports (CCC is confirmed with `@@<flag>…,CCC,<count>` so the device drops what
 * it sent); command replies (`C01,OK`, `A12,OK`, … a letter A–F and two digits) become a `result`. Photo transfer
 * (D00–D03) and other messages decode to nothing. The checksum is not enforced (devices and Traccar's own samples
 * get it wrong); a message that does not parse throws.
 */
export const decodeMeitrack: Decoder<Buffer> = (frame) => {
  if (frame[0] !== 0x24 || frame[1] !== 0x24) throw new Error('meitrack message must start with $$');
  const lengthEnd = frame.indexOf(COMMA, 3);
  const imeiEnd = lengthEnd < 0 ? -1 : frame.indexOf(COMMA, lengthEnd + 1);
  if (imeiEnd < 0 || !/^\d+$/.test(frame.toString('latin1', 3, lengthEnd))) {
    throw new Error('meitrack header is malformed');
  }
  const flag = String.fromCharCode(frame[2] as number);
  const imei = frame.toString('latin1', lengthEnd + 1, imeiEnd);
  if (!/^[0-9A-Za-z]{1,20}$/.test(imei)) throw new Error(`meitrack device id ${JSON.stringify(imei)} is malformed`);
  const type = frame.toString('latin1', imeiEnd + 1, imeiEnd + 4);
  const contentStart = imeiEnd + 5;

  if (type === 'CCE' || type === 'CCC') {
    const body = frame.subarray(contentStart, binaryEnd(frame, contentStart));
    if (type === 'CCE') return { messages: decodeMeitrackCce(body), uniqueId: imei };
    const messages = decodeMeitrackCcc(body);
    return { messages, uniqueId: imei, ack: meitrackMessage(flag, imei, `CCC,${messages.length}`) };
  }

  const text = frame.toString('latin1');
  const star = text.lastIndexOf('*');
  const content = text.slice(imeiEnd + 1, star > imeiEnd ? star : text.replace(/\r?\n$/, '').length);
  if (type === 'AAA') {
    if (content[3] !== ',') throw new Error('meitrack AAA has no content');
    return { messages: [decodeMeitrackAaa(content.slice(4))], uniqueId: imei };
  }
  if (/^[A-F]\d\d$/.test(type) && !/^D0[0-3]$/.test(type)) {
    return { messages: [meitrackResult(content)], uniqueId: imei };
  }
  return { messages: [], uniqueId: imei };
};

/** Where the binary body ends: before the trailing `*<checksum>[\r\n]`. */
function binaryEnd(frame: Buffer, contentStart: number): number {
  let end = frame.length;
  if (frame[end - 2] === 0x0d && frame[end - 1] === 0x0a) end -= 2;
  if (end - 3 < contentStart || frame[end - 3] !== 0x2a) throw new Error('meitrack binary message is truncated');
  return end - 3;
}
