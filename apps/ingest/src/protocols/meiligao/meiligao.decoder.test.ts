import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeMeiligao } from './meiligao.decoder';
import { meiligaoFramer } from './meiligao.framer';
import { meiligaoProtocol } from './meiligao.protocol';
import { crcCcitt } from './meiligao-frame';

const session = sessionFor('meiligao');

/** A tracker packet as the protocol document describes it: `$$`, length, id, command, data, CRC-CCITT, CR LF. */
function packet(id: string, command: number, data: Buffer | string): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const out = Buffer.alloc(17 + body.length);
  out.write('$$', 0, 'latin1');
  out.writeUInt16BE(out.length, 2);
  Buffer.from(id.padEnd(14, 'f'), 'hex').copy(out, 4);
  out.writeUInt16BE(command, 11);
  body.copy(out, 13);
  out.writeUInt16BE(crcCcitt(out, 0, out.length - 4), out.length - 4);
  out.write('\r\n', out.length - 2, 'latin1');
  return out;
}

const decode = (frame: Buffer) => decodeMeiligao(frame, session);
const FIX = '134351.000,A,0925.5025,N,06914.8107,W,12.50,23,301012,,*2C';

describe('meiligao decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(meiligaoProtocol, loadVectors('meiligao'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('meiligao decoder', () => {
  it('computes the CRC of the document example', () => {
    expect(crcCcitt(Buffer.from('2424001113612345678fff5000', 'hex'))).toBe(0x05d8);
  });

  it('confirms a login with 0x4000 and binds the device', () => {
    const result = decode(Buffer.from('2424001113612345678fff500005d80d0a', 'hex'));
    expect(result).toEqual({
      messages: [],
      uniqueId: '13612345678',
      ack: Buffer.from('4040001213612345678fff4000019add0d0a', 'hex'),
    });
  });

  it('reads an SOS alarm with base station, CSQ, hex mileage and satellites', () => {
    const text = `${FIX}|1.2|186|0101|0126,00FF|02DE0002D8CDB415|1F|000003E8|07`;
    const [position] = decode(
      packet('13612345678', 0x9999, Buffer.concat([Buffer.of(0x01), Buffer.from(text)])),
    ).messages;
    expect(position).toMatchObject({
      fixTime: '2012-10-30T13:43:51.000Z',
      valid: true,
      speed: 12.5,
      course: 23,
      altitude: 186,
    });
    expect(position?.longitude).toBeCloseTo(-69.246845, 6);
    expect(position?.attributes).toMatchObject({
      alarm: 'sos',
      hdop: 1.2,
      out1: true,
      in1: true,
      in2: false,
      adc1: 0x126,
      adc2: 0xff,
      rssi: 31,
      odometer: 1000,
      sat: 7,
    });
  });

  it('maps the other documented alarm codes and leaves unknown ones out', () => {
    const alarm = (code: number) =>
      decode(packet('1', 0x9999, Buffer.concat([Buffer.of(code), Buffer.from(FIX)]))).messages[0]?.attributes.alarm;
    expect(alarm(0x10)).toBe('lowBattery');
    expect(alarm(0x11)).toBe('overspeed');
    expect(alarm(0x50)).toBe('powerOff');
    expect(alarm(0x53)).toBe('gpsAntennaCut');
    expect(alarm(0x77)).toBeUndefined();
  });

  it('decodes a logged position 0x9016 and retransmitted records 0x6688', () => {
    expect(decode(packet('1', 0x9016, `${FIX}|0.9|12|0000|0000,0000|000001234`)).messages[0]?.attributes).toMatchObject(
      { odometer: 1234, hdop: 0.9 },
    );
    const records = [
      '\x00093000.000,A,0303.3419,N,10147.4104,E,7.04,206.61,251017|0.0|0.0|0200|0000,0000|11',
      '\x10093030.000,V,0303.2600,S,10147.3744,W,0,0,251017',
    ];
    const positions = decode(packet('1', 0x6688, `\x02${records.join('\\')}\\`)).messages;
    expect(positions.map((p) => [p.fixTime, p.valid, p.attributes.alarm])).toEqual([
      ['2017-10-25T09:30:00.000Z', true, undefined],
      ['2017-10-25T09:30:30.000Z', false, 'lowBattery'],
    ]);
    expect(positions[1]?.latitude).toBeLessThan(0);
  });

  it('reads an RFID card report and OBD trouble codes', () => {
    const card = Buffer.concat([
      Buffer.of(0x00, 0x01, 0xe2, 0x40),
      Buffer.from('|101500,010224,4807.0380,N,01131.0000,E'),
    ]);
    const [rfid] = decode(packet('1', 0x9966, card)).messages;
    expect(rfid?.attributes).toEqual({ card1: '0000123456', driverUniqueId: '0000123456' });
    expect(rfid?.fixTime).toBe('2024-02-01T10:15:00.000Z');
    const [dtc] = decode(packet('1', 0x9903, 'P0300,P0171')).messages;
    expect(dtc).toMatchObject({ outdated: true, fixTime: null, attributes: { dtcs: 'P0300,P0171' } });
  });

  it('yields nothing for photos, command replies and a report without a fix sentence', () => {
    expect(decode(packet('1', 0x9988, Buffer.of(0x02, 0x00, 0xff, 0xd8))).messages).toEqual([]);
    expect(decode(packet('1', 0x4101, '')).messages).toEqual([]);
    expect(decode(packet('1', 0x9955, 'no fix here')).messages).toEqual([]);
  });

  it('takes a packet whose CRC is wrong (fielded firmware sends such packets; Traccar keeps them too)', () => {
    const good = packet('1', 0x9955, FIX);
    const bad = Buffer.from(good);
    bad.writeUInt8((bad[bad.length - 4] as number) ^ 0xff, bad.length - 4);
    expect(decode(bad).messages).toEqual(decode(good).messages);
  });

  it('rejects truncated packets, a length that misses CR LF, a foreign header and a missing id', () => {
    const good = packet('1', 0x9955, FIX);
    expect(() => decode(good.subarray(0, good.length - 1))).toThrow('CR LF');
    expect(() => decode(good.subarray(0, 12))).toThrow('not a meiligao packet');
    const wrongLength = Buffer.from(good);
    wrongLength.writeUInt16BE(30, 2);
    expect(() => decode(wrongLength)).toThrow('CR LF');
    const foreign = Buffer.from(good);
    foreign[0] = 0x40;
    expect(() => decode(foreign)).toThrow('not a meiligao packet');
    expect(() => decode(packet('', 0x9955, FIX))).toThrow('device id');
    expect(() => decode(packet('1', 0x9955, FIX.replace('0925.5025,N', '9925.5025,N')))).toThrow('out of range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('meiligao', meiligaoFramer, decodeMeiligao);
    expect(mutants).toBe(200 * loadVectors('meiligao').length);
  });
});
