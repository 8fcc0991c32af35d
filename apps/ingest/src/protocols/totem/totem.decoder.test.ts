import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeTotem, xorOf } from './totem.decoder';
import { TOTEM_MAX_FRAME, totemFramer } from './totem.framer';
import { totemProtocol } from './totem.protocol';

const session = testSession({ protocol: 'totem' });
const decode = (text: string) => decodeTotem(Buffer.from(text, 'latin1'), session);
/** A new-layout frame around `type` + `rest` with its length and XOR, as the device sends it. */
const frame = (typeAndRest: string) => {
  const length = String(2 + 4 + typeAndRest.length + 2).padStart(4, '0');
  const text = `$$${length}${typeAndRest}`;
  return `${text}${xorOf(text)}`;
};

describe('totem decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did, but for the differences docs/protocols.md explains', () => {
    const score = scoreProtocol(totemProtocol, loadVectors('totem'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.93);
    expect(score.mismatches.map((m) => `${m.index} ${m.reason}`)).toEqual([
      // the E5 report sends longitude first, as E2 and E6 do (a vehicle near Calama, Chile): Traccar swaps them
      '2 #0 latitude -22.455926 ≠ -68.923106',
      // temperature sensors: Traccar keeps the raw hex text, the temp<N> key takes degrees (encoding undocumented)
      ...[
        '4 1',
        '4 2',
        '8 1',
        '8 2',
        '10 1',
        '10 2',
        '16 1',
        '19 1',
        '21 1',
        '23 1',
        '28 1',
        '30 1',
        '32 1',
        '34 1',
      ].map((t) => expect.stringMatching(new RegExp(`^${t.replace(' ', ' attribute temp')}: undefined`))),
    ]);
  });
});

describe('totem decoder', () => {
  it('decodes an AA timed report with four analog inputs and acknowledges its serial number', () => {
    const body = [
      '8260C000',
      '250101120000',
      '3712',
      '04D20000162E000000000000',
      '1A0B1C0D',
      '1210045090',
      '02.3',
      '0001234',
      '3351.0000S15112.6000W',
      '0042',
    ].join('');
    const text = frame(`AA860000000000001|${body}`);
    const result = decode(text);
    expect(result.uniqueId).toBe('860000000000001');
    expect(result.ack).toBe(`$$0014AA0042${xorOf('$$0014AA0042')}`);
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2025-01-01T12:00:00.000Z',
      valid: true,
      latitude: -(33 + 51 / 60),
      longitude: -(151 + 12.6 / 60),
      course: 45,
    });
    expect(p?.speed).toBeCloseTo(48.596, 3);
    expect(p?.attributes).toEqual({
      alarm: 'sos,gpsAntennaCut',
      ignition: false,
      charge: false,
      out1: false,
      out2: true,
      out3: true,
      status: 0x8260c000,
      battery: 3.7,
      power: 12,
      adc1: '04D2',
      adc2: '0000',
      adc3: '162E',
      adc4: '0000',
      sat: 12,
      hdop: 2.3,
      odometer: 1_234_000,
    });
    expect(p?.network?.cellTowers).toEqual([
      { mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 0x1a0b, cellId: 0x1c0d, signalStrength: -10 },
    ]);
  });

  it('names an alarm report by its type and decodes E6 positions and heartbeats', () => {
    const alarm = decode(
      frame(
        '01860000000000001|1000000025010112000040110000' +
          '1A0B1C0D1012000000' +
          '00.90000000' +
          '0000.0000N00000.0000E0001',
      ),
    );
    expect(alarm.messages[0]?.attributes).toMatchObject({ alarm: 'sos', charge: true, adc1: '0000' });
    const e6 = decode(frame('E6860000000000001|250101120000,-79.373853,43.765619,0,0,|'));
    expect(e6.messages[0]).toMatchObject({ latitude: 43.765619, longitude: -79.373853, valid: true });
    expect(e6.ack).toBeUndefined();
    expect(decode(frame('BB860000000000001'))).toEqual({ messages: [], uniqueId: '860000000000001' });
  });

  it('decodes the oldest layout: an RMC report with an alarm field, and its pipe-separated variant', () => {
    const rmc = decode(
      '$$A8456123|01$GPRMC,120000.00,A,3351.0000,S,15112.6000,W,10.5,90,010125,,,A*00|1.0|0.8|1.2|000000110000|20250101120000|13701200|00000000|1A0B1C0D|0000|12.5000|0001|0000',
    );
    expect(rmc.uniqueId).toBe('456123');
    expect(rmc.messages[0]).toMatchObject({ fixTime: '2025-01-01T12:00:00.000Z', speed: 10.5, course: 90 });
    expect(rmc.messages[0]?.attributes).toMatchObject({
      alarm: 'sos',
      in1: true,
      in2: true,
      in3: false,
      battery: 3.7,
      power: 1200,
      odometer: 12_500,
    });
    const pipe = decode(
      '$$7D456123|AA010125120000|V|3351.0000|S|15112.6000|W|0.0|0|1.0|000000000011|13811|00000000|1A0B1C0D|00000000|0.0000|0001|0000',
    );
    expect(pipe.messages[0]).toMatchObject({ fixTime: '2025-01-01T12:00:00.000Z', valid: false });
    expect(pipe.messages[0]?.attributes).toMatchObject({ antenna: true, charge: true, in1: false, battery: 3.8 });
  });

  it('refuses malformed and truncated frames, and returns nothing for a report without a date', () => {
    expect(() => decode('hello')).toThrow();
    expect(() => decode('$$0025BB')).toThrow();
    expect(() => decode(frame('AA860000000000001|8260C0002501011200'))).toThrow();
    expect(() => decode(frame('AA86000000000000X|8260C000'))).toThrow();
    expect(() => decode(frame('E2860000000000001|250101120000,east,north,1|'))).toThrow();
    expect(() => decode('$$B0456123|AA$GPRMC|1|2')).toThrow();
    expect(
      decode(
        '$$AE359772033395899|AA000000000000000000000000000000000000000000000000000000000000|00.0|00.0|00.0|00000000|20090215001204|14182037|00000000|0012D888|0000|0.0000|0016|5B51',
      ).messages,
    ).toEqual([]);
  });

  it('survives mutations of every vector', () => {
    expect(fuzzVectors('totem', totemFramer, decodeTotem).mutants).toBeGreaterThan(1000);
  });
});

describe('totem framer', () => {
  for (const c of loadFrameCases('totem')) {
    it(`Traccar frame case ${c.index}`, () => expectFrameCase(totemFramer, c, Buffer.from('\r\n$x$$zz\x00')));
  }

  it('cuts both layouts by their length, split byte by byte, skipping line ends and garbage', () => {
    const heartbeat = frame('BB860000000000001');
    const old = '$$22456123|AA0101251200|V|0|0|0000';
    const f = totemFramer();
    const frames: string[] = [];
    for (const byte of Buffer.from(`xx${heartbeat}\r\n${old}\r\n$$`, 'latin1'))
      frames.push(...f.push(Buffer.of(byte)).map(String));
    expect(frames).toEqual([heartbeat, old]);
    expect(f.buffered).toBe(2);
  });

  it('merges frames of one read and drops an impossible length', () => {
    const f = totemFramer();
    const a = frame('BB860000000000001');
    expect(f.push(Buffer.from(`$$0005BB$$01${a}${a}`)).map(String)).toEqual([a, a]);
    expect(TOTEM_MAX_FRAME).toBeGreaterThanOrEqual(1999);
  });
});
