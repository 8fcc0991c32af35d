import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeMinifinder2 } from './minifinder2.decoder';
import { minifinder2Framer } from './minifinder2.framer';
import { minifinder2Protocol } from './minifinder2.protocol';
import { crc16Xmodem } from './minifinder2-frame';

const session = sessionFor('minifinder2');
const bound = sessionFor('minifinder2', { uniqueId: '861629050625098' });
const decode = (hex: string, s = session) => decodeMinifinder2(Buffer.from(hex, 'hex'), s);
const hex = (ack: unknown) => (ack as Buffer).toString('hex');

describe('minifinder2 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(minifinder2Protocol, loadVectors('minifinder2'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('minifinder2 decoder', () => {
  it('checks its CRC-16/XMODEM against the standard check value', () => {
    expect(crc16Xmodem(Buffer.from('123456789'))).toBe(0x31c3);
  });

  it('reads a fix, battery and SOS alarm, and answers a frame that asks for it', () => {
    const result = decode(
      'ab103e0027942a00011001383631363239303530363235303938092400f153651002a05a16200008d0eb48b5205a24000e013a000c00393000000904144d6e0f050200100000',
    );
    expect(result.uniqueId).toBe('861629050625098');
    expect(hex(result.ack)).toBe('ab00030008c72a007f0100');
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2023-11-14T22:13:20.000Z',
      valid: true,
      outdated: false,
      course: 270,
      altitude: 58,
      attributes: {
        charge: true,
        motion: true,
        rssi: 20,
        batteryLevel: 77,
        battery: 3.95,
        hdop: expect.closeTo(1.2, 9),
        odometer: 12345,
        sat: 9,
        event: 0x1000,
        alarm: 'sos',
      },
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(-33.8688, 6);
    expect(result.messages[0]?.speed).toBeCloseTo(36 * 0.539957, 5);
  });

  it('answers a services request with the server time', () => {
    const result = decode('ab10050000000700' + '0301120111', bound);
    expect(hex(result.ack)).toBe('ab001200b667070003051280e6886a0a11000000000000000000');
  });

  it('reads a command answer as the result of a bound session only', () => {
    expect(decode('ab00030000000500' + '7f0100', bound).messages[0]).toMatchObject({
      outdated: true,
      attributes: { result: '0' },
    });
    expect(decode('ab00030000000500' + '7f0100').messages).toEqual([]);
  });

  it('refuses frames with a wrong header, length or truncated keys', () => {
    expect(() => decode('ac10030000000500' + '7f0100')).toThrow('header');
    expect(() => decode('ab10040000000500' + '7f0100')).toThrow('length');
    expect(() => decode('ab10040000000500' + '01092000')).toThrow('truncated');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    // frames batch up to 78 records, each mutant's positions all checked against the contract
    const { mutants } = fuzzVectors('minifinder2', minifinder2Framer, decodeMinifinder2, { maxMeanMs: 3 });
    expect(mutants).toBe(200 * loadVectors('minifinder2').length);
  });
});
