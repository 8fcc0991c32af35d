import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { aplicomProtocol } from './aplicom/aplicom.protocol';
import { atrackProtocol } from './atrack/atrack.protocol';
import { calampProtocol } from './calamp/calamp.protocol';
import { castelProtocol } from './castel/castel.protocol';
import { cellocatorProtocol } from './cellocator/cellocator.protocol';
import { dmtProtocol } from './dmt/dmt.protocol';
import { eelinkProtocol } from './eelink/eelink.protocol';
import { egtsProtocol } from './egts/egts.protocol';
import { fifotrackProtocol } from './fifotrack/fifotrack.protocol';
import { flespiProtocol } from './flespi/flespi.protocol';
import { galileoProtocol } from './galileo/galileo.protocol';
import { gl200Protocol } from './gl200/gl200.protocol';
import { gosafeProtocol } from './gosafe/gosafe.protocol';
import { gps103Protocol } from './gps103/gps103.protocol';
import { gt06Protocol } from './gt06/gt06.protocol';
import { h02Protocol } from './h02/h02.protocol';
import { huashengProtocol } from './huasheng/huasheng.protocol';
import { jt600Protocol } from './jt600/jt600.protocol';
import { jt808Protocol } from './jt808/jt808.protocol';
import { laipacProtocol } from './laipac/laipac.protocol';
import { megastekProtocol } from './megastek/megastek.protocol';
import { meiligaoProtocol } from './meiligao/meiligao.protocol';
import { meitrackProtocol } from './meitrack/meitrack.protocol';
import { minifinder2Protocol } from './minifinder2/minifinder2.protocol';
import { navisProtocol } from './navis/navis.protocol';
import { decodeOsmand } from './osmand/osmand.decoder';
import { encodeOsmand } from './osmand/osmand.encoder';
import { ownTracksProtocol } from './owntracks/owntracks.protocol';
import type { ProtocolDefinition } from './protocol.types';
import { pt502Protocol } from './pt502/pt502.protocol';
import { ruptelaProtocol } from './ruptela/ruptela.protocol';
import { startekProtocol } from './startek/startek.protocol';
import { suntechProtocol } from './suntech/suntech.protocol';
import { t55Protocol } from './t55/t55.protocol';
import { t800xProtocol } from './t800x/t800x.protocol';
import { taipProtocol } from './taip/taip.protocol';
import { teltonikaProtocol } from './teltonika/teltonika.protocol';
import { tk103Protocol } from './tk103/tk103.protocol';
import { tlt2hProtocol } from './tlt2h/tlt2h.protocol';
import { totemProtocol } from './totem/totem.protocol';
import { ulbotechProtocol } from './ulbotech/ulbotech.protocol';
import { uproProtocol } from './upro/upro.protocol';
import { watchProtocol } from './watch/watch.protocol';
import { wialonProtocol } from './wialon/wialon.protocol';
import { xexunProtocol } from './xexun/xexun.protocol';
import { xirgoProtocol } from './xirgo/xirgo.protocol';

/**
 * Every protocol this ingest can serve, by Traccar's name. A protocol takes its default port (Traccar's) and its
 * transports from the protocol catalogue (@waymark/protocols), and has a framer for TCP streams, a pure decoder
 * and optionally a command encoder, whose command types the catalogue lists (catalogue.test.ts holds it to them).
 */
const definitions: ProtocolDefinition[] = [
  {
    name: 'osmand',
    kind: 'http',
    defaultPort: protocolCatalogue.osmand.defaultPort,
    transports: ['http'],
    decoder: decodeOsmand,
    encoder: encodeOsmand,
  },
  gt06Protocol,
  h02Protocol,
  gps103Protocol,
  teltonikaProtocol,
  ruptelaProtocol,
  jt808Protocol,
  watchProtocol,
  tk103Protocol,
  meitrackProtocol,
  suntechProtocol,
  wialonProtocol,
  gl200Protocol,
  megastekProtocol,
  galileoProtocol,
  t55Protocol,
  pt502Protocol,
  fifotrackProtocol,
  totemProtocol,
  t800xProtocol,
  uproProtocol,
  huashengProtocol,
  meiligaoProtocol,
  ownTracksProtocol,
  flespiProtocol,
  taipProtocol,
  laipacProtocol,
  tlt2hProtocol,
  ulbotechProtocol,
  xexunProtocol,
  gosafeProtocol,
  xirgoProtocol,
  eelinkProtocol,
  atrackProtocol,
  minifinder2Protocol,
  calampProtocol,
  startekProtocol,
  dmtProtocol,
  cellocatorProtocol,
  egtsProtocol,
  aplicomProtocol,
  navisProtocol,
  castelProtocol,
  jt600Protocol,
];

export const protocolRegistry: ReadonlyMap<string, ProtocolDefinition> = new Map(definitions.map((p) => [p.name, p]));

export function registeredProtocols(): string[] {
  return [...protocolRegistry.keys()];
}
