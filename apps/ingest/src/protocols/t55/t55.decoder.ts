import type { PositionDraft } from '../../codec/position-builder';
import { javaTrim } from '../../codec/text';
import type { DecodeResult, Decoder } from '../protocol.types';
import { parseGga, parseGll, parseIo, parseNetworkText, parseRmc, parseTrccr, parseWmcs } from './t55-sentences';

/** Sentences that only name the device: `$<header>,<id>[,…]`. */
const ID_SENTENCES = new Set(['$PSIWMDID', '$DEVID', '$GPFID', '$PGID', '$PCPTI', '$CONNECT']);

/**
 * T55 and other trackers that stream NMEA 0183 sentences (RMC, GGA, GLL) with vendor sentences around them:
 * identification (`$PGID`, `$DEVID`, `$IMEI=`, `IMEI …`, a bare id line, an id prefixed to a sentence), `$GPTXT`
 * network, `$GPIOP` I/O, `$TRCCR` and the WMCS `$ID` report. No sentence is acknowledged. NMEA checksums are not
 * enforced: devices in the field send wrong ones (see docs/protocols.md).
 */
export const decodeT55: Decoder<Buffer> = (frame, session) => {
  let text = javaTrim(frame.toString('latin1'));
  let uniqueId: string | undefined;

  const dollar = text.indexOf('$');
  if (dollar > 0) {
    const prefix = text.slice(0, dollar).replace(/,$/, '');
    if (!/^\w+$/.test(prefix)) throw new Error('t55: garbage before the sentence');
    uniqueId = prefix;
    text = text.slice(dollar);
  } else if (dollar < 0) {
    const id = /^(?:IMEI )?([0-9A-Za-z]{6,20})$/.exec(text);
    if (!id) throw new Error('t55: not a sentence');
    return { messages: [], uniqueId: id[1] as string };
  }

  if (text.startsWith('$IMEI=')) return identified(text.slice(6));

  const star = text.indexOf('*');
  const body = star < 0 ? text : text.slice(0, star);
  const tail =
    star < 0
      ? []
      : text
          .slice(star + 1)
          .split(',')
          .slice(1);
  const fields = body.split(',');
  const header = fields[0] as string;

  if (ID_SENTENCES.has(header)) return identified(fields[1]);

  let position: PositionDraft | null = null;
  const type = header.length === 6 ? header.slice(3) : header;
  switch (type) {
    case 'RMC': {
      const rmc = parseRmc(fields, tail);
      position = rmc?.position ?? null;
      uniqueId = rmc?.uniqueId ?? uniqueId;
      break;
    }
    case 'GGA':
      position = parseGga(fields, session.receivedAt);
      break;
    case 'GLL':
      position = parseGll(fields, session.receivedAt);
      break;
    case 'TXT':
      position = parseNetworkText(fields);
      if (position && fields[2]) uniqueId = fields[2];
      break;
    case 'IOP':
      position = parseIo(fields);
      break;
    case 'CCR':
      position = header === '$TRCCR' ? parseTrccr(fields) : null;
      break;
    case '$ID': {
      const report = parseWmcs(fields);
      position = report?.position ?? null;
      uniqueId = report?.uniqueId ?? uniqueId;
      break;
    }
  }
  const result: DecodeResult = { messages: position ? [position] : [] };
  if (uniqueId) result.uniqueId = uniqueId;
  return result;
};

function identified(id: string | undefined): DecodeResult {
  const trimmed = id?.trim();
  return trimmed ? { messages: [], uniqueId: trimmed } : { messages: [] };
}
