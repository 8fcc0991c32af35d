import type { DecodedPosition, DecodeResult, SessionView } from '../protocol.types';
import { decodeCan, decodeObd } from './gl200-can';
import { decodeEri } from './gl200-eri';
import { decodeAccessoryAlarm, decodeData, decodeEvent } from './gl200-event';
import { decodeFriFamily, FRI_TYPES } from './gl200-fri';
import {
  decodeCells,
  decodeCommandAck,
  decodeInfo,
  decodePower,
  decodeTransparent,
  decodeVersion,
  decodeWifi,
} from './gl200-info';
import { parseGl200Text } from './gl200-text';

/**
 * Queclink @Track text messages: `+RESP:` (real time) and `+BUFF:` (buffered) reports, `+ACK:` command
 * acknowledgements and the `+ACK:GTHBD` heartbeat, which is answered with `+SACK:GTHBD,<protocol version>,<count>$`.
 * Every message names its device (the IMEI, third field).
 */
export function decodeGl200Text(text: string, session: SessionView): DecodeResult {
  const message = parseGl200Text(text);
  if (!message.imei && !session.uniqueId) throw new Error('Queclink message without a device id');
  const bind = message.imei ? { uniqueId: message.imei } : {};

  if (message.head === 'ACK') {
    if (message.type === 'HBD') {
      return { messages: [], ...bind, ack: `+SACK:GTHBD,${message.version},${message.count}$` };
    }
    return { messages: [decodeCommandAck(message)], ...bind };
  }
  if (message.head !== 'RESP' && message.head !== 'BUFF') return { messages: [], ...bind };

  const messages = decodeReport(message);
  const deviceType = message.type === 'VER' ? messages[0]?.attributes.deviceType : undefined;
  if (typeof deviceType === 'string' && deviceType !== session.state.deviceType) {
    return { messages, ...bind, state: { ...session.state, deviceType } };
  }
  return { messages, ...bind };
}

function decodeReport(message: ReturnType<typeof parseGl200Text>): DecodedPosition[] {
  switch (message.type) {
    case 'INF': {
      const position = decodeInfo(message);
      return position ? [position] : [];
    }
    case 'VER':
      return [decodeVersion(message)];
    case 'GSM':
      return [decodeCells(message)];
    case 'WIF':
      return [decodeWifi(message)];
    case 'PNA':
    case 'PFA':
      return [decodePower(message)];
    case 'DTT':
      return [decodeTransparent(message)];
    case 'ERI':
      return decodeEri(message);
    case 'CAN':
      return [decodeCan(message)];
    case 'OBD':
      return [decodeObd(message)];
    case 'DAT':
      return [decodeData(message)];
    case 'BAA':
      return [decodeAccessoryAlarm(message)];
  }
  if (FRI_TYPES.has(message.type)) {
    const positions = decodeFriFamily(message);
    if (positions) return positions;
  }
  return [decodeEvent(message)];
}
