import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeTk103 } from './tk103.decoder';
import { tk103Framer } from './tk103.framer';
import { tk103Protocol } from './tk103.protocol';

const session = sessionFor('tk103');
const decode = (text: string) => decodeTk103(Buffer.from(text, 'latin1'), session);

describe('tk103 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(tk103Protocol, loadVectors('tk103'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('tk103 decoder', () => {
  it('answers the BP00 handshake with AP01 and binds the device', () => {
    const result = decode('(027044702512BP00027044702512HSO01A4)');
    expect(result).toEqual({ messages: [], uniqueId: '027044702512', ack: '(027044702512AP01HSO)' });
  });

  it('answers a BP05 login with AP05 and decodes its fix', () => {
    const result = decode(
      '(035988863964BP05000035988863964110524A4241.7977N02318.7561E000.0123536356.5100000000L000946BB)',
    );
    expect(result.uniqueId).toBe('035988863964');
    expect(result.ack).toBe('(035988863964AP05)');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2011-05-24T12:35:36.000Z',
      valid: true,
      course: 356.51,
      outdated: false,
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(42.696628, 5);
    expect(result.messages[0]?.attributes).toMatchObject({ ignition: false, charge: true, odometer: 0x946bb });
  });

  it('decodes a BR00 location with speed in knots, io, fuel and odometer', () => {
    const [position] = decode(
      '(027023361470BR00200617A4000.5775N 8415.4076W 46.0173725 87.3101000000L00000000)',
    ).messages;
    expect(position?.speed).toBeCloseTo(46 * 0.539957, 5);
    expect(position?.longitude).toBeCloseTo(-84.256793, 5);
    expect(position?.attributes).toEqual({
      charge: true,
      ignition: true,
      in2: 0,
      panic: 0,
      out2: 0,
      fuel: 0,
      odometer: 0,
    });
  });

  it('decodes a BO01 alarm and acknowledges it with AS01', () => {
    const result = decode('(013612345678BO012061830A2934.0133N10627.2544E040.0080331309.6200000000L000770AD)');
    expect(result.messages[0]?.attributes.alarm).toBe('sos');
    expect(result.ack).toBe('(013612345678AS012)');
  });

  it('reads the comma form with its alarm types and battery messages', () => {
    expect(decode('(013632651491,ZC17,040613,A,2234.0297N,11405.9101E,000.0,040137,178.48)').messages[0]).toMatchObject(
      {
        fixTime: '2013-06-04T04:01:37.000Z',
        attributes: { alarm: 'removing' },
      },
    );
    expect(decode('(013632651491,ZC20,040613,040137,6,421,112,0)').messages[0]).toMatchObject({
      outdated: true,
      deviceTime: '2013-06-04T04:01:37.000Z',
      attributes: { batteryLevel: 100, battery: 4.21, power: 11.2 },
    });
  });

  it('yields nothing for malformed or unknown frames', () => {
    expect(decode('(013632651491BR00').messages).toEqual([]);
    expect(decode('(0136BR00999999Z1234.5678N)').messages).toEqual([]);
    expect(decode('garbage').messages).toEqual([]);
    expect(decode('(013632651491,ZC20,xx)').messages).toEqual([]);
    expect(() => decode('(013612345678BR00130515A9943.9703N01907.6211E000.019232800000000000000L00009239)')).toThrow(
      'out of range',
    );
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('tk103', tk103Framer, decodeTk103);
    expect(mutants).toBe(200 * loadVectors('tk103').length);
  });
});
