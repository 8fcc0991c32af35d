import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { expectSameAsTraccar, loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeStartek } from './startek.decoder';
import { startekChecksum, startekFramer } from './startek.framer';
import { startekProtocol } from './startek.protocol';

const vectors = loadVectors('startek');
const session = sessionFor('startek');

/** A device frame around `tail` (`,IMEI,command,data`): packet number, length, checksum and CRLF added. */
function frame(tail: string, packet = 'A'): Buffer {
  const head = `&&${packet}${tail.length}${tail}`;
  return Buffer.from(`${head}${startekChecksum(Buffer.from(head, 'latin1'))}\r\n`, 'latin1');
}

describe('startek decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(startekProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeStartek(frameOf(v), session);
      expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.ack).toBeUndefined();
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('startek decoder', () => {
  it('decodes a 010 report with an alarm event, speed, door input and four voltages', () => {
    const { messages, uniqueId } = decodeStartek(
      frame(
        ',865491069573140,010,1,,240104160016,A,-6.290638,106.809578,15,0.8,72,282,57,388,510|10|04DE|000074BE,31,0000003C,06,01,04D4|01A2|0064|0032,1,,,',
      ),
      session,
    );
    expect(uniqueId).toBe('865491069573140');
    const [position] = messages;
    expect(position).toMatchObject({
      fixTime: '2024-01-04T16:00:16.000Z',
      valid: true,
      latitude: -6.290638,
      longitude: 106.809578,
      course: 282,
      altitude: 57,
    });
    expect(position?.speed).toBeCloseTo(72 * 0.539957, 5);
    expect(position?.network?.cellTowers).toEqual([
      { mobileCountryCode: 510, mobileNetworkCode: 10, locationAreaCode: 0x04de, cellId: 0x74be, signalStrength: -31 },
    ]);
    expect(position?.attributes).toEqual({
      event: 1,
      sat: 15,
      hdop: 0.8,
      odometer: 388,
      status: 0x3c,
      ignition: true,
      door: true,
      input: 6,
      output: 1,
      power: 12.36,
      battery: 4.18,
      adc2: 1,
      adc3: 0.5,
    });
  });

  it('turns a command reply into type and result', () => {
    const [position] = decodeStartek(frame(',860262050015424,900,1,1,OK'), session).messages;
    expect(position).toMatchObject({ outdated: true, fixTime: null });
    expect(position?.attributes).toEqual({ type: '900', result: '1,1,OK' });
  });

  it('keeps a multi-line report whole (CAN data) as the reply to its command', () => {
    const [position] = decodeStartek(frame(',865491061145970,710,T1,0.0\r\nT2,0.000\r\nF3'), session).messages;
    expect(position?.attributes).toEqual({ type: '710', result: 'T1,0.0\r\nT2,0.000\r\nF3' });
  });
});

describe('startek decoder: malformed frames', () => {
  const good = frame(',860262050015424,129,OK');

  it('rejects a bad checksum, a wrong length and a truncated frame', () => {
    const corrupt = Buffer.from(good);
    corrupt[10] = 0x39;
    expect(() => decodeStartek(corrupt, session)).toThrow('checksum');
    expect(() => decodeStartek(good.subarray(0, good.length - 3), session)).toThrow('truncated');
    const lying = Buffer.from(good.toString('latin1').replace('&&A23', '&&A99'), 'latin1');
    expect(() => decodeStartek(lying, session)).toThrow('truncated');
    expect(() => decodeStartek(Buffer.from('hello'), session)).toThrow('malformed');
  });

  it('rejects a report with too few fields, a bad time or coordinates out of range', () => {
    expect(() => decodeStartek(frame(',860262050015424,000,0,,210407094323,V'), session)).toThrow('too short');
    const report = (time: string, lat: string) =>
      frame(`,860262050015424,000,0,,${time},A,${lat},1.0,0,0.0,0,0,0,0,0|0|1|1,1,0,0,0,0|0`);
    expect(() => decodeStartek(report('2104070943', '1.0'), session)).toThrow('bad time');
    expect(() => decodeStartek(report('210407094323', '91.5'), session)).toThrow('out of range');
    expect(decodeStartek(report('210407094323', '1.0'), session).messages).toHaveLength(1);
  });
});

describe('startek decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('startek', startekFramer, decodeStartek);
    expect(mutants).toBe(vectors.length * 200);
  });
});
