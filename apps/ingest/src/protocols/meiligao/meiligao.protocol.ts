import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { StreamProtocol } from '../protocol.types';
import { decodeMeiligao } from './meiligao.decoder';
import { encodeMeiligao } from './meiligao.encoder';
import { meiligaoFramer } from './meiligao.framer';

/** Meiligao `$$` binary-framed trackers (GT30i, GT60, VT300, VT310, VT400) over TCP and UDP on port 5009. */
export const meiligaoProtocol: StreamProtocol = {
  name: 'meiligao',
  kind: 'stream',
  defaultPort: protocolCatalogue.meiligao.defaultPort,
  transports: protocolCatalogue.meiligao.transports,
  framer: meiligaoFramer,
  decoder: decodeMeiligao,
  encoder: encodeMeiligao,
};
