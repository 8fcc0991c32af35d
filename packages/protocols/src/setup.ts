import { luhnValid } from '@waymark/contracts/identifiers';
import { type CataloguedProtocol, protocolCatalogue } from './catalogue';

/** What a make's devices identify themselves with, so the identifier can be checked before the device is added. */
export type IdentifierKind =
  /** a 15-digit IMEI, its last digit the Luhn check digit */
  | 'imei'
  /** digits only, of the given lengths (the identifier is printed on the device or its box) */
  | 'digits'
  /** anything the protocol carries: letters, digits and . _ : - (a phone app's own identifier) */
  | 'text';

/**
 * How one make (or family of makes) is set up to report to a server: its protocol, what its identifier looks like
 * and, for trackers configured by text message, the SMS that points it at the server. The SMS templates follow the
 * makers' manuals; `{host}` and `{port}` are filled in, `{hostMode}` is the GT06 family's 0 for an IP address and 1
 * for a domain name.
 */
export interface DeviceSetup {
  /** stable key, also the web app's text keys */
  key: string;
  /** the maker (or app) as users know it */
  make: string;
  /** models of the make that take this setup, for the picker's search */
  models: readonly string[];
  protocol: CataloguedProtocol;
  identifier: IdentifierKind;
  /** for `digits`: the lengths accepted */
  digits?: { min: number; max: number };
  /** the SMS that sets the server address and port, when the make is set up by SMS */
  sms?: string;
  /**
   * whether a public manual or protocol document of the make confirms the SMS text exactly (its source is cited
   * beside the template); when not, the web app asks the user to check the device's manual before sending it
   */
  smsChecked?: boolean;
  /** a phone app that reads its settings from a QR code (Traccar Client) */
  app?: boolean;
}

export const deviceSetups = [
  {
    key: 'traccarClient',
    make: 'Traccar Client (Android, iOS)',
    models: ['Traccar Client', 'OsmAnd', 'phone'],
    protocol: 'osmand',
    identifier: 'text',
    app: true,
  },
  {
    key: 'concox',
    make: 'Concox / Jimi IoT (GT06 family)',
    models: ['GT06', 'GT06N', 'GT06E', 'JM-VL01', 'JM-VL02', 'GT800', 'WeTrack2', 'AT4'],
    protocol: 'gt06',
    identifier: 'imei',
    // Concox user manuals (GT06N): SERVER,<0 IP | 1 domain>,<address>,<port>,<0 TCP | 1 UDP>#. The stored public
    // material at hand only shows the shorter SERVER,1,<domain or IP>,<port># of the same family (ProTrack
    // "COMMAND LIST VT02S"), not the trailing protocol field, so the text is not marked as checked.
    sms: 'SERVER,{hostMode},{host},{port},0#',
    smsChecked: false,
  },
  {
    key: 'sinotrack',
    make: 'SinoTrack (H02)',
    models: ['ST-901', 'ST-902', 'ST-903', 'ST-906'],
    protocol: 'h02',
    identifier: 'digits',
    digits: { min: 10, max: 15 },
    // 804<password> <IP or host> <port>, default password 0000: SinoTrack ST-901 command list (as quoted in
    // github.com/eusonlito/GPS-Tracker wiki "SMS Configuration to Sinotrack Devices", and traccar issue #3040)
    sms: '8040000 {host} {port}',
    smsChecked: true,
  },
  {
    key: 'coban',
    make: 'Coban / Xexun (TK103 family)',
    models: ['TK102', 'TK103', 'TK103B', 'TK104', 'TK106', 'GPS103'],
    protocol: 'gps103',
    identifier: 'imei',
    // adminip<password> <IP> <port>, default password 123456: Xexun "COMMUNICATION PROTOCOL" (TK102/TK103),
    // traccar.org/protocol/5006-xexun/COMMUNICATIONPROTOCOL.pdf §2; it notes that only some models take a domain
    sms: 'adminip123456 {host} {port}',
    smsChecked: true,
  },
  {
    key: 'teltonika',
    make: 'Teltonika (FMB, FMC, FMM)',
    models: ['FMB920', 'FMB120', 'FMB130', 'FMB140', 'FMC130', 'FMC920', 'FMM130', 'TAT100'],
    protocol: 'teltonika',
    identifier: 'imei',
    // two spaces: the SMS login and password, empty by default ("FMB SMS Security": "If login and password are
    // not set, every SMS ... has to include two spaces before command"); 2004 domain, 2005 port, 2006 protocol
    // (0 TCP), several IDs joined by ';' ("FMB setparam", wiki.teltonika-gps.com/view/FMB_setparam)
    sms: '  setparam 2004:{host};2005:{port};2006:0',
    smsChecked: true,
  },
  {
    key: 'meitrack',
    make: 'Meitrack',
    models: ['MVT380', 'MVT600', 'T333', 'T366', 'P88L'],
    protocol: 'meitrack',
    identifier: 'imei',
    // <password>,A21,<connection mode: 1 TCP>,<IP or domain>,<port>,<APN>,<APN user>,<APN password>; 0000 is the
    // default password ("MEITRACK SMS Protocol" command A21, and "MEITRACK T622 GPRS Protocol" §3.9 Setting GPRS
    // Parameters – A21 gives the field order). The SMS form (password first) is the one Meitrack's SMS protocol
    // uses for every command, but its A21 page is not in the material at hand, so the text is not marked as checked.
    // The APN fields are left empty: the user fills the APN in when the operator needs one.
    sms: '0000,A21,1,{host},{port},,,',
    smsChecked: false,
  },
  {
    key: 'watch',
    make: 'Children’s and senior watches (3G/4G)',
    models: ['Q50', 'Q90', 'D99', 'SeTracker'],
    protocol: 'watch',
    identifier: 'digits',
    digits: { min: 10, max: 15 },
    // pw,<password>,ip,<address>,<port># with the default password 123456: the 3G/4G watch SMS command list
    // (github.com/CreoValis/G36Tool SMSCommands.md, "ip: Set server address")
    sms: 'pw,123456,ip,{host},{port}#',
    smsChecked: true,
  },
  {
    key: 'queclink',
    make: 'Queclink',
    models: ['GV300', 'GV55', 'GL300', 'GL320', 'GV500'],
    protocol: 'gl200',
    identifier: 'imei',
    // no SMS: AT+GTSRI (GL300 @Track Air Interface Protocol §3.2.3) takes the model's own password (gl300, gv300…)
    // and a report mode whose values differ between models, so one template would be wrong for some of them
  },
  {
    key: 'suntech',
    make: 'Suntech',
    models: ['ST300', 'ST310U', 'ST340', 'ST4340'],
    protocol: 'suntech',
    identifier: 'digits',
    digits: { min: 6, max: 15 },
  },
  {
    key: 'ruptela',
    make: 'Ruptela',
    models: ['FM-Eco4', 'FM-Pro4', 'HCV5', 'LCV5'],
    protocol: 'ruptela',
    identifier: 'imei',
    // no SMS: Ruptela's "connect" SMS only connects once; the server is set with its configurator
  },
  {
    key: 'jt808',
    make: 'JT/T 808 trackers',
    models: ['JT808', 'JT/T 808'],
    protocol: 'jt808',
    identifier: 'digits',
    digits: { min: 11, max: 20 },
  },
  {
    key: 'wialon',
    make: 'Wialon IPS devices',
    models: ['Wialon IPS'],
    protocol: 'wialon',
    identifier: 'text',
  },
] as const satisfies readonly DeviceSetup[];

/** The setup of a make by its key; undefined for a key the table does not hold. */
export function deviceSetup(key: string): DeviceSetup | undefined {
  return deviceSetups.find((s) => s.key === key);
}

/**
 * The setup for a device model of the admin catalogue (which knows its protocol, not its make): the first make of
 * the table speaking that protocol, so its identifier rule and SMS apply.
 */
export function setupForProtocol(protocol: string): DeviceSetup | undefined {
  return deviceSetups.find((s) => s.protocol === protocol);
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

/** The SMS that points a device of this make at `host`:`port`, or null when the make is not set up by SMS. */
export function setupSms(setup: DeviceSetup, host: string, port: number): string | null {
  if (!setup.sms) return null;
  return setup.sms
    .replaceAll('{hostMode}', IPV4.test(host) ? '0' : '1')
    .replaceAll('{host}', host)
    .replaceAll('{port}', String(port));
}

/** Why an identifier does not suit the make, as a code the web app translates; null when it does. */
export type IdentifierProblem = 'empty' | 'characters' | 'imeiLength' | 'imeiCheck' | 'digitsOnly' | 'digitsLength';

export function identifierProblem(setup: DeviceSetup, value: string): IdentifierProblem | null {
  const id = value.trim();
  if (id === '') return 'empty';
  // the devices API's own rule for every identifier
  if (id.length > 64 || !/^[\w.:-]+$/.test(id)) return 'characters';
  if (setup.identifier === 'imei') {
    if (!/^\d+$/.test(id) || id.length !== 15) return 'imeiLength';
    return luhnValid(id) ? null : 'imeiCheck';
  }
  if (setup.identifier === 'digits') {
    if (!/^\d+$/.test(id)) return 'digitsOnly';
    const { min, max } = setup.digits ?? { min: 1, max: 64 };
    return id.length < min || id.length > max ? 'digitsLength' : null;
  }
  return null;
}

/** A listener the ingest opens: its protocol, port and transports, as configured. */
export interface TrackerListener {
  protocol: CataloguedProtocol;
  port: number;
  transports: readonly string[];
}

/**
 * The listeners the ingest opens under this environment, read the way the ingest reads it: WAYMARK_PROTOCOLS
 * (comma list, default every protocol) and WAYMARK_PORT_<PROTOCOL> (default Traccar's port). The ingest itself
 * refuses bad values at start; here a value that is not a port keeps the default, and port 0 (any free port,
 * known only to the ingest) leaves the protocol out, since no address can be given for it.
 */
export function trackerListeners(env: Readonly<Record<string, string | undefined>>): TrackerListener[] {
  const names = Object.keys(protocolCatalogue) as CataloguedProtocol[];
  const listed = env.WAYMARK_PROTOCOLS?.trim()
    ? env.WAYMARK_PROTOCOLS.split(',').map((p) => p.trim().toLowerCase())
    : names;
  const out: TrackerListener[] = [];
  for (const name of names) {
    if (!listed.includes(name)) continue;
    const override = env[`WAYMARK_PORT_${name.toUpperCase()}`]?.trim();
    const port = override && /^\d{1,5}$/.test(override) && Number(override) <= 65535 ? Number(override) : undefined;
    if (port === 0) continue;
    const entry = protocolCatalogue[name];
    out.push({ protocol: name, port: port ?? entry.defaultPort, transports: entry.transports });
  }
  return out;
}
