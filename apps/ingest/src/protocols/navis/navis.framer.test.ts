import { describe, expect, it } from 'vitest';
import { loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { NAVIS_MAX_FRAME, navisFramer } from './navis.framer';
import { ascii, flex, u32 } from './navis.test-kit';

describe('navis framer', () => {
  const cases = loadFrameCases('navis');
  const flex10 = frameOf(loadVectors('navis').find((v) => v.index === 9) as never);

  it('cuts the NTCB and keep-alive cases of Traccar one read, byte by byte and merged with garbage', () => {
    for (const c of cases.filter((c) => [0, 1, 2, 5].includes(c.index))) {
      expect(
        navisFramer()
          .push(c.input)
          .map((f) => f.toString('hex')),
      ).toEqual([c.expected]);
      const framer = navisFramer();
      const split: Buffer[] = [];
      for (const byte of c.input) split.push(...framer.push(Buffer.of(byte)));
      expect(split.map((f) => f.toString('hex'))).toEqual([c.expected]);
    }
    const one = cases[0]?.input as Buffer;
    const frames = navisFramer().push(Buffer.concat([ascii('@NT junk ~'), one, Buffer.of(0x7f), one]));
    expect(frames).toEqual([one, Buffer.of(0x7f), one]);
  });

  it('cuts FLEX ~T and ~A by the record size negotiated before them on the connection', () => {
    const flexCases = cases.filter((c) => c.index === 3 || c.index === 4);
    const stream = Buffer.concat([flex10, ...flexCases.map((c) => c.input)]);
    const expected = [flex10.toString('hex'), ...flexCases.map((c) => c.expected)];
    expect(
      navisFramer()
        .push(stream)
        .map((f) => f.toString('hex')),
    ).toEqual(expected);
    const framer = navisFramer();
    const split: Buffer[] = [];
    for (const byte of stream) split.push(...framer.push(Buffer.of(byte)));
    expect(split.map((f) => f.toString('hex'))).toEqual(expected);
    // before any negotiation a ~T cannot be cut: its bytes are passed over (a 0x7F among them reads as a keep-alive)
    const unframed = navisFramer().push(flexCases[0]?.input as Buffer);
    expect(unframed.filter((f) => !f.equals(Buffer.of(0x7f)))).toEqual([]);
  });

  it('cuts ~E and ~X by their own lengths and skips a ~ message whose CRC-8 fails', () => {
    const e = flex('E', `01 ${u32(5)} 0300 aabbcc`);
    const x = flex('X', `${u32(8)} 0200 0102`);
    const bad = Buffer.from(x);
    bad[bad.length - 1] = (bad[bad.length - 1] as number) ^ 1;
    const framer = navisFramer();
    const frames = [
      ...framer.push(Buffer.concat([e, bad, x]).subarray(0, 10)),
      ...framer.push(Buffer.concat([e, bad, x]).subarray(10)),
    ];
    expect(frames).toEqual([e, x]);
    expect(framer.buffered).toBe(0);
    expect(NAVIS_MAX_FRAME).toBe(65_551);
  });
});
