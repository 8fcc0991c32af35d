import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeJt808 } from './jt808.decoder';
import { jt808Framer } from './jt808.framer';
import { jt808Protocol } from './jt808.protocol';
import { jt808Checksum, luhnDigit } from './jt808-frame';

const session = sessionFor('jt808', { receivedAt: new Date('2026-08-22T01:02:03Z') });
const decode = (hex: string) => decodeJt808(Buffer.from(hex, 'hex'), session);
const ackHex = (hex: string) => {
  const ack = decode(hex).ack;
  return Buffer.isBuffer(ack) ? ack.toString('hex') : String(ack);
};

/**
 * Vectors Traccar decodes with a device model set in its configuration (MV710G, AL300, JC371, GL100) or through
 * quirks not reproduced here; everything else must match message for message.
 */
const KNOWN = new Set([
  '25 attribute temp2: undefined ≠ 53.2', // source of this value in the 0xF0..0xF9 items not identified
  '50 attribute batteryLevel: undefined ≠ 153', // Traccar reads the checksum byte as the battery level
  '106 attribute alarm: undefined ≠ "sos"', // 0xE8 as decoded for model JC371 only
  '108 attribute power: undefined ≠ 14', // idem
  '108 attribute hdop: undefined ≠ 0.6', // idem
]);

describe('jt808 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(jt808Protocol, loadVectors('jt808'));
    expect(score.mismatches.map((m) => `${m.index} ${m.reason}`).filter((m) => !KNOWN.has(m))).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('jt808 decoder', () => {
  it('answers a registration with 0x8100, the serial and an authentication code', () => {
    const register = '7e010000190940278494700012000000000000000000000000000000000000094027849470000a7e';
    const result = decode(register);
    expect(result.messages).toEqual([]);
    expect(result.uniqueId).toBe('94027849470');
    expect(result.state).toEqual({ phone: '094027849470', version: null });
    // 8100, length 14, phone, serial 0, [request serial 0012, result 0, code "94027849470"], checksum
    expect(ackHex(register)).toBe('7e8100000e09402784947000000012003934303237383439343730ad7e');
  });

  it('answers an authentication with the general response 0x8001', () => {
    const ack = ackHex('7e0102000e013511221122000661757468656e7469636174696f6e3f7e');
    expect(ack).toBe('7e8001000501351122112200000006010200b57e');
    const content = Buffer.from(ack as string, 'hex').subarray(1, -2);
    expect(jt808Checksum(content)).toBe(0xb5);
  });

  it('reads the 2019 header (version byte, 10-byte phone) and answers in kind', () => {
    const register =
      '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e';
    expect(decode(register).uniqueId).toBe('866496077582164');
    expect(ackHex(register).startsWith('7e8100401201000008664960775821640000521800')).toBe(true);
  });

  it('turns a hex phone field into an IMEI with its Luhn digit', () => {
    expect(luhnDigit('86547807000104')).toBe(7);
    expect(decode('7e0102000e4eb6fb4ad628000661757468656e7469636174696f6e3f7e').uniqueId).toBe('865478070001047');
  });

  it('decodes a location report with its additional items', () => {
    const [position] = decode(
      '7e0200002c00160128561400030000000000040007005de13c065c6cdb00160000000017011710054201040000a9002a02000030011b310104e47e',
    ).messages;
    expect(position).toMatchObject({
      fixTime: '2017-01-17T02:05:42.000Z',
      valid: true,
      altitude: 22,
      outdated: false,
    });
    expect(position?.latitude).toBeCloseTo(-6.152508, 6);
    expect(position?.attributes).toEqual({
      ignition: true,
      blocked: false,
      charge: false,
      odometer: 4326400,
      rssi: 27,
      sat: 4,
    });
  });

  it('names alarm flags and reads the 18-byte tail of older terminals', () => {
    const [position] = decode(
      '7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb0c20085c107e',
    ).messages;
    expect(position?.attributes).toEqual({
      alarm: 'sos',
      ignition: false,
      blocked: false,
      charge: false,
      odometer: 1193482000,
      battery: 0.2,
      rssi: 12,
    });
  });

  it('decodes each record of a 0x0704 batch and flags stored ones', () => {
    const result = decode(
      '7e070400510144503762020002000101004c00040100000800030202301006f893e8001d00000095260817221812140400000000170200000104000036c9030200002504000000002a02000030011f31010eea04020c8300ef0400000000037e',
    );
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]?.attributes).toMatchObject({ alarm: 'lowBattery,powerOff', archive: true });
    expect(Buffer.isBuffer(result.ack)).toBe(true);
  });

  it('answers the BASE,2,TIME text request with the time', () => {
    const result = decodeJt808(Buffer.from('(794104004140,1,001,BASE,2,TIME)'), session);
    expect(result).toEqual({ messages: [], ack: '(794104004140,1,001,BASE,2,20260822010203)' });
  });

  it('refuses malformed frames', () => {
    expect(() => decode('7e02000033421030')).toThrow('too short');
    expect(() => decode('7e0200002c0016012856140003000000000004')).toThrow('too short');
    expect(() => decode('550200')).toThrow('7E');
    expect(() =>
      decode('7e0200002e094027587492000a0000000100000000ff083db7001329f3000000140000130412164952107e'),
    ).toThrow('out of range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('jt808', jt808Framer, decodeJt808);
    expect(mutants).toBe(200 * loadVectors('jt808').length);
  });
});
