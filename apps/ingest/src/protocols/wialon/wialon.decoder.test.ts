import { describe, expect, it } from 'vitest';
import { fuzzStream } from '../../testing/stream-fuzz';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeWialon } from './wialon.decoder';
import { encodeWialon } from './wialon.encoder';
import { wialonFramer } from './wialon.framer';
import { wialonProtocol } from './wialon.protocol';
import { wialonCrc16 } from './wialon-crc';

const definition = wialonProtocol;
const vectors = loadVectors('wialon');
const session = testSession({ protocol: 'wialon', uniqueId: '123456789012345' });
const text = (s: string) => Buffer.from(s, 'utf8');

describe('wialon decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(definition, vectors);
    // The one attribute left: the vector's Cyrillic param name reaches the decoder as ISO-8859-1 low bytes.
    expect(score.mismatches.filter((m) => !m.reason.startsWith('attribute'))).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
  });
});

describe('wialon decoder', () => {
  it('binds the session on login (1.1 and 2.0) and acknowledges', () => {
    const v11 = decodeWialon(text('#L#123456789012345;test\r\n'), testSession());
    expect(v11).toEqual({ messages: [], uniqueId: '123456789012345', ack: '#AL#1\r\n' });
    const v20 = decodeWialon(text('#L#2.0;42001300083;;CE45'), testSession());
    expect(v20.uniqueId).toBe('42001300083');
    expect(decodeWialon(text('#P#'), session).ack).toBe('#AP#\r\n');
  });

  it('decodes a full data packet with params, cell towers and the 2.0 checksum', () => {
    const body = '101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;count:1:7,SOS:1:1;';
    const packet = `#D#${body}${wialonCrc16(body).toString(16).toUpperCase()}\r\n`;
    const result = decodeWialon(text(packet), session);
    expect(result.ack).toBe('#AD#1\r\n');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2018-11-10T06:11:43.000Z',
      valid: true,
      altitude: -4,
      course: 99.766,
      attributes: { sat: 10, hdop: 0.8, count: 7, sos: 1 },
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(7.9348833, 6);
    expect(result.messages[0]?.speed).toBeCloseTo(18.223 * 0.539957, 6);

    const cells = '#D#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;;NA;mcc1:1:250,mnc1:1:02,lac1:1:5901,cell_id1:1:45542';
    const [status] = decodeWialon(text(cells), session).messages;
    expect(status?.outdated).toBe(true);
    expect(status?.network?.cellTowers).toEqual([
      { mobileCountryCode: 250, mobileNetworkCode: 2, locationAreaCode: 5901, cellId: 45542 },
    ]);
    expect(status?.attributes).toEqual({ cell_id1: 45542 });
  });

  it('decodes a black box packet into archived positions and counts them in the ack', () => {
    const record = '110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;14.77,0.02,3.6;AB45DF01145;';
    const result = decodeWialon(text(`#B#${record}|${record}\r\n`), session);
    expect(result.messages).toHaveLength(2);
    expect(result.ack).toBe('#AB#2\r\n');
    expect(result.messages[1]?.attributes).toMatchObject({ archive: true, driverUniqueId: 'AB45DF01145', adc3: '3.6' });
  });

  it('keeps a UTF-8 param name as the device sent it', () => {
    const record = '#D#110914;102132;5027.50728;N;03026.20369;E;1.979;288.170;NA;NA;NA;NA;NA;;NA;Батарея:3:100 %';
    expect(decodeWialon(text(record), session).messages[0]?.attributes).toEqual({ батарея: '100 %' });
  });

  it('reads the device id of a UDP packet', () => {
    const result = decodeWialon(text('2.0;861234567890123;NA#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4'), {
      ...testSession(),
      transport: 'udp',
    });
    expect(result.uniqueId).toBe('861234567890123');
    expect(result.messages).toHaveLength(1);
    expect(result.ack).toBe('#ASD#1\r\n');
    // on TCP what comes before the packet is garbage, not a device
    const tcp = decodeWialon(text('\u0000junk#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4'), session);
    expect(tcp.uniqueId).toBeUndefined();
    expect(tcp.messages).toHaveLength(1);
  });

  it('refuses a bad checksum with code 16 and a malformed packet with an error', () => {
    expect(decodeWialon(text('#SD#300924;154245;5554.350052;N;3644.670410;E;2.92;NA;NA;NA;7A02'), session)).toEqual({
      messages: [],
      ack: '#ASD#16\r\n',
    });
    expect(() => decodeWialon(text('#SD#300924;154245;5554.35;X;3644.67;E;1;2;3;4'), session)).toThrow('coordinate');
    expect(() => decodeWialon(text('#D#300924;154245;5554.35'), session)).toThrow('fields');
    expect(() => decodeWialon(text('#D#309924;154245;5554.35;N;3644.67;E;1;2;3;4'), session)).toThrow('date');
    expect(() => decodeWialon(text('hello'), session)).toThrow();
    expect(decodeWialon(text('#D#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA'), testSession()).messages).toEqual([]);
  });

  it('survives mutated frames', () => {
    fuzzStream(
      definition,
      vectors.map((v) => frameOf(v)),
      session,
    );
  });
});

describe('wialon framer', () => {
  it('cuts lines, split or merged, and drops what is too long', () => {
    const framer = wialonFramer();
    expect(framer.push(text('#L#1234;NA\r\n#P'))).toEqual([text('#L#1234;NA')]);
    expect(framer.push(text('#\r\n#SD#1;2;3'))).toEqual([text('#P#')]);
    expect(framer.push(text(';4\n'))).toEqual([text('#SD#1;2;3;4')]);
    expect(framer.push(Buffer.alloc(40000, 0x41))).toEqual([]);
    expect(framer.push(text('AAA\r\n#P#\r\n'))).toEqual([text('#P#')]);
  });
});

describe('wialon encoder', () => {
  const command = { id: '1', uniqueId: 'd', createdAt: '2025-01-01T00:00:00.000Z' };
  it('sends a custom command or a message as #M#', () => {
    expect(encodeWialon({ ...command, type: 'custom', attributes: { data: 'reboot' } }, session)).toBe('#M#reboot\r\n');
    expect(encodeWialon({ ...command, type: 'message', attributes: { message: 'hi' } }, session)).toBe('#M#hi\r\n');
    expect(encodeWialon({ ...command, type: 'engineStop', attributes: {} }, session)).toBeNull();
  });
});
