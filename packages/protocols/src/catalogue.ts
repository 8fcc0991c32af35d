import type { Transport } from '@waymark/contracts/bus';
import type { COMMAND_TYPES } from '@waymark/contracts/saved-command';

export type CommandType = (typeof COMMAND_TYPES)[number];

/** What a tracker protocol offers, as data: read by the API, held to the ingest's encoders by the ingest's tests. */
export interface ProtocolCapabilities {
  /** Traccar's protocol name. */
  name: string;
  /** Traccar's default port, so that a tracker set up for a Traccar server reports here unchanged. */
  defaultPort: number;
  transports: readonly Transport[];
  /** The command types the ingest's encoder for this protocol can encode. */
  commands: readonly CommandType[];
  /** The encoder writes text (not bytes), so its commands can also go out over the text channel (SMS). */
  textCommands: boolean;
}

/**
 * The protocols the ingest serves, by Traccar's name. Ports and transports are Traccar's (its
 * PortConfigSuffix); osmand is HTTP, which Traccar lists as TCP. jt808 is Traccar's current name for huabao.
 */
export const protocolCatalogue = {
  osmand: {
    name: 'osmand',
    defaultPort: 5055,
    transports: ['http'],
    commands: ['custom'],
    textCommands: true,
  },
  gt06: {
    name: 'gt06',
    defaultPort: 5023,
    transports: ['tcp'],
    commands: ['custom', 'positionPeriodic', 'engineStop', 'engineResume', 'rebootDevice'],
    textCommands: false,
  },
  h02: {
    name: 'h02',
    defaultPort: 5013,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'positionPeriodic', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm'],
    textCommands: true,
  },
  gps103: {
    name: 'gps103',
    defaultPort: 5001,
    transports: ['tcp', 'udp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'positionStop',
      'engineStop',
      'engineResume',
      'alarmArm',
      'alarmDisarm',
      'requestPhoto',
    ],
    textCommands: true,
  },
  teltonika: {
    name: 'teltonika',
    defaultPort: 5027,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice', 'outputControl'],
    textCommands: false,
  },
  ruptela: {
    name: 'ruptela',
    defaultPort: 5046,
    transports: ['tcp'],
    commands: [
      'custom',
      'configuration',
      'getVersion',
      'firmwareUpdate',
      'outputControl',
      'setConnection',
      'setOdometer',
      'requestPhoto',
    ],
    textCommands: false,
  },
  jt808: {
    name: 'jt808',
    defaultPort: 5015,
    transports: ['tcp'],
    commands: ['custom', 'positionSingle', 'positionPeriodic', 'engineStop', 'engineResume', 'rebootDevice'],
    textCommands: false,
  },
  watch: {
    name: 'watch',
    defaultPort: 5093,
    transports: ['tcp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'alarmSos',
      'alarmRemove',
      'alarmBattery',
      'findDevice',
      'powerOff',
      'rebootDevice',
      'sosNumber',
      'message',
    ],
    textCommands: true,
  },
  tk103: {
    name: 'tk103',
    defaultPort: 5002,
    transports: ['tcp', 'udp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'positionStop',
      'engineStop',
      'engineResume',
      'rebootDevice',
      'getVersion',
    ],
    textCommands: true,
  },
  meitrack: {
    name: 'meitrack',
    defaultPort: 5020,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'positionSingle', 'positionPeriodic', 'engineStop', 'engineResume', 'requestPhoto', 'sendSms'],
    textCommands: true,
  },
  suntech: {
    name: 'suntech',
    defaultPort: 5011,
    transports: ['tcp'],
    commands: ['custom', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice'],
    textCommands: true,
  },
  wialon: {
    name: 'wialon',
    defaultPort: 5039,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'message'],
    textCommands: true,
  },
  gl200: {
    name: 'gl200',
    defaultPort: 5004,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'identification', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice'],
    textCommands: true,
  },
  megastek: {
    name: 'megastek',
    defaultPort: 5024,
    transports: ['tcp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'positionStop',
      'setConnection',
      'sosNumber',
      'setTimezone',
      'getVersion',
      'getDeviceStatus',
      'factoryReset',
      'rebootDevice',
    ],
    textCommands: true,
  },
  galileo: {
    name: 'galileo',
    defaultPort: 5034,
    transports: ['tcp'],
    commands: ['custom', 'outputControl'],
    textCommands: false,
  },
  t55: {
    name: 't55',
    defaultPort: 5005,
    transports: ['tcp', 'udp'],
    commands: ['custom'],
    textCommands: true,
  },
  pt502: {
    name: 'pt502',
    defaultPort: 5017,
    transports: ['tcp'],
    commands: [
      'custom',
      'outputControl',
      'engineStop',
      'engineResume',
      'alarmSpeed',
      'setTimezone',
      'requestPhoto',
      'rebootDevice',
    ],
    textCommands: true,
  },
  fifotrack: {
    name: 'fifotrack',
    defaultPort: 5124,
    transports: ['tcp'],
    commands: ['custom', 'requestPhoto'],
    textCommands: true,
  },
  upro: {
    name: 'upro',
    defaultPort: 5095,
    transports: ['tcp'],
    commands: ['custom'],
    textCommands: true,
  },
  huasheng: {
    name: 'huasheng',
    defaultPort: 5111,
    transports: ['tcp'],
    commands: [],
    textCommands: false,
  },
  meiligao: {
    name: 'meiligao',
    defaultPort: 5009,
    transports: ['tcp', 'udp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'positionStop',
      'engineStop',
      'engineResume',
      'setSpeedLimit',
      'setTimezone',
      'rebootDevice',
    ],
    textCommands: false,
  },
  owntracks: {
    name: 'owntracks',
    defaultPort: 5144,
    transports: ['http'],
    commands: ['custom', 'positionSingle'],
    textCommands: true,
  },
  flespi: {
    name: 'flespi',
    defaultPort: 5149,
    transports: ['http'],
    commands: [],
    textCommands: false,
  },
  taip: {
    name: 'taip',
    defaultPort: 5031,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'positionSingle', 'positionPeriodic', 'positionStop'],
    textCommands: true,
  },
  laipac: {
    name: 'laipac',
    defaultPort: 5048,
    transports: ['tcp'],
    commands: ['custom', 'positionSingle', 'rebootDevice'],
    textCommands: true,
  },
  tlt2h: {
    name: 'tlt2h',
    defaultPort: 5030,
    transports: ['tcp', 'udp'],
    commands: ['custom'],
    textCommands: true,
  },
  ulbotech: {
    name: 'ulbotech',
    defaultPort: 5072,
    transports: ['tcp'],
    commands: ['custom'],
    textCommands: true,
  },
  xexun: {
    name: 'xexun',
    defaultPort: 5006,
    transports: ['tcp'],
    commands: ['custom', 'engineStop', 'engineResume'],
    textCommands: true,
  },
  gosafe: {
    name: 'gosafe',
    defaultPort: 5078,
    transports: ['tcp', 'udp'],
    commands: ['custom'],
    textCommands: true,
  },
  xirgo: {
    name: 'xirgo',
    defaultPort: 5081,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'outputControl'],
    textCommands: true,
  },
  eelink: {
    name: 'eelink',
    defaultPort: 5064,
    transports: ['tcp', 'udp'],
    commands: [
      'custom',
      'positionSingle',
      'positionPeriodic',
      'positionStop',
      'engineStop',
      'engineResume',
      'rebootDevice',
      'getVersion',
      'getDeviceStatus',
      'outputControl',
      'sosNumber',
      'sendSms',
    ],
    textCommands: false,
  },
  castel: {
    name: 'castel',
    defaultPort: 5086,
    transports: ['tcp', 'udp'],
    commands: ['custom', 'engineStop', 'engineResume'],
    textCommands: false,
  },
  jt600: {
    name: 'jt600',
    defaultPort: 5014,
    transports: ['tcp'],
    commands: ['custom', 'engineStop', 'engineResume', 'setTimezone'],
    textCommands: true,
  },
  minifinder2: {
    name: 'minifinder2',
    defaultPort: 5187,
    transports: ['tcp'],
    commands: ['custom'],
    textCommands: false,
  },
  calamp: {
    name: 'calamp',
    defaultPort: 5082,
    transports: ['udp'],
    commands: ['custom'],
    textCommands: false,
  },
  startek: {
    name: 'startek',
    defaultPort: 5222,
    transports: ['tcp'],
    commands: ['custom', 'outputControl', 'engineStop', 'engineResume'],
    textCommands: true,
  },
  dmt: {
    name: 'dmt',
    defaultPort: 5137,
    transports: ['tcp'],
    commands: [],
    textCommands: false,
  },
  cellocator: {
    name: 'cellocator',
    defaultPort: 5033,
    transports: ['tcp', 'udp'],
    commands: ['positionSingle'],
    textCommands: false,
  },
  egts: {
    name: 'egts',
    defaultPort: 5162,
    transports: ['tcp'],
    commands: [],
    textCommands: false,
  },
} as const satisfies Record<string, ProtocolCapabilities>;

export type CataloguedProtocol = keyof typeof protocolCatalogue;

/** The capabilities of a protocol by name; undefined for a name the catalogue does not know. */
export function protocolCapabilities(name: string): ProtocolCapabilities | undefined {
  return Object.hasOwn(protocolCatalogue, name) ? protocolCatalogue[name as CataloguedProtocol] : undefined;
}
