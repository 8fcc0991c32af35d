import type { Decoder } from '../protocol.types';
import { decodeGl200Binary } from './gl200-binary.decoder';
import { decodeGl200Text } from './gl200-text.decoder';

/** A text message starts `+RESP:`, `+BUFF:`, `+ACK:`, `+SACK:`…; anything else starting with '+' is binary. */
const TEXT_HEAD = /^\+[A-Z]{3,4}:/;

/**
 * Queclink (Traccar's gl200): @Track text messages and the binary (HEX) form, told apart by their head. The
 * framer strips a text message's trailing '$'; a UDP datagram may still carry it.
 */
export const decodeGl200: Decoder<Buffer> = (frame, session) => {
  if (frame.length === 0) throw new Error('empty frame');
  const head = frame.toString('latin1', 0, 6);
  if (TEXT_HEAD.test(head)) return decodeGl200Text(frame.toString('latin1'), session);
  return decodeGl200Binary(frame);
};
