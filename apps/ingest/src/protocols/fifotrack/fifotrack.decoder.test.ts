import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeFifotrack } from './fifotrack.decoder';
import { fifotrackCommand } from './fifotrack.encoder';
import { FIFOTRACK_MAX_FRAME, fifotrackFramer } from './fifotrack.framer';
import { fifotrackProtocol } from './fifotrack.protocol';

const session = testSession({ protocol: 'fifotrack' });
const decode = (text: string) => decodeFifotrack(Buffer.from(text, 'latin1'), session);
/** A well-formed uplink message around `body` (length and checksum computed as the device does). */
const uplink = (body: string) =>
  fifotrackCommand('860000000000001', body)
    .replace('##', () => '$$')
    .trimEnd();

describe('fifotrack decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(fifotrackProtocol, loadVectors('fifotrack'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
    expect(score.mismatches).toEqual([]);
  });
});

describe('fifotrack decoder', () => {
  it('decodes an A01 report with an alarm, the status bits and an RFID driver', () => {
    const result = decode(
      uplink('A01,18,250101120000,A,-33.850000,-151.210000,90,45,12,1000,3600,500000F8,1,2,505|1|1A|2B,FF|10,ABC'),
    );
    expect(result.uniqueId).toBe('860000000000001');
    const [p] = result.messages;
    expect(p).toMatchObject({ fixTime: '2025-01-01T12:00:00.000Z', valid: true, latitude: -33.85, longitude: -151.21 });
    expect(p?.speed).toBeCloseTo(48.596, 3);
    expect(p?.attributes).toEqual({
      alarm: 'overspeed',
      odometer: 1000,
      hours: 3_600_000,
      rssi: 31,
      sat: 5,
      status: 0x500000f8,
      input: 1,
      output: 2,
      adc1: 255,
      adc2: 16,
      driverUniqueId: '2748',
    });
    expect(p?.network?.cellTowers).toEqual([
      { mobileCountryCode: 505, mobileNetworkCode: 1, locationAreaCode: 26, cellId: 43 },
    ]);
  });

  it('decodes an A03 report without a fix as a cell-only status', () => {
    const [p] = decode(uplink('A03,15,250101120000,262|2|10|20,3.70,40,0000,2')).messages;
    expect(p).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2025-01-01T12:00:00.000Z' });
    expect(p?.attributes).toEqual({ alarm: 'powerCut', battery: 3.7, batteryLevel: 40, status: 0 });
  });

  it('names the device of command replies and photo frames without a position', () => {
    expect(decode(uplink('B07,OK'))).toEqual({ messages: [], uniqueId: '860000000000001' });
    expect(decode(uplink('D05,190220085833,22.6,114.0,1,1,1,13152,23FFD339')).messages).toEqual([]);
  });

  it('refuses malformed and truncated reports', () => {
    expect(() => decode('hello')).toThrow();
    expect(() => decode('$$12,ab')).toThrow();
    expect(() => decode(uplink('A01,,250101120000,A,north,-151.2,0,0,0,0,0,0,0,0,,'))).toThrow();
    expect(decode(uplink('A01,,2501011200')).messages).toEqual([]);
    expect(() => decode(uplink('A03,,250101120000,262|2|10|20,3.70,40,0000,0,A'))).toThrow();
  });

  it('survives mutations of every vector', () => {
    expect(fuzzVectors('fifotrack', fifotrackFramer, decodeFifotrack).mutants).toBeGreaterThan(1000);
  });
});

describe('fifotrack framer', () => {
  for (const c of loadFrameCases('fifotrack')) {
    it(`Traccar frame case ${c.index}`, () => expectFrameCase(fifotrackFramer, c, Buffer.from('\x00$x$$junk\r\n')));
  }

  it('cuts binary photo data by its length, split byte by byte, and skips the line ends', () => {
    const photo = Buffer.concat([
      Buffer.from('$$19,1,1,D06,1,0,4,'),
      Buffer.from([0x2a, 0x0d, 0x0a, 0x24]),
      Buffer.from('*00\r\n'),
    ]);
    const report = Buffer.from(`${uplink('B07,OK')}\r\n`);
    const f = fifotrackFramer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.concat([photo, report])) frames.push(...f.push(Buffer.of(byte)));
    expect(frames).toEqual([photo.subarray(0, photo.length - 2), report.subarray(0, report.length - 2)]);
  });

  it('cuts a miscounted frame at its line end and drops an oversized length', () => {
    const f = fifotrackFramer();
    expect(f.push(Buffer.from('$$5,123456,1,B07,OK*00\r\n')).map(String)).toEqual(['$$5,123456,1,B07,OK*00']);
    expect(f.push(Buffer.from(`$$${FIFOTRACK_MAX_FRAME},1*00\r\n$$4,1,1*00`)).map(String)).toEqual(['$$4,1,1*00']);
  });
});
