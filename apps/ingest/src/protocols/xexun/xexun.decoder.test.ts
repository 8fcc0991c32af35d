import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeXexun } from './xexun.decoder';
import { xexunFramer } from './xexun.framer';
import { xexunProtocol } from './xexun.protocol';

const session = sessionFor('xexun');
const decode = (text: string) => decodeXexun(Buffer.from(text, 'latin1'), session);

describe('xexun decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(xexunProtocol, loadVectors('xexun'), { transportOf: () => 'tcp' });
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('xexun decoder', () => {
  it('reads a simple report in the southern and western hemispheres, not valid', () => {
    const result = decode(
      'GPRMC,081530.000,V,3412.5000,S,05823.2500,W,12.50,270.00,031124,,,N*4F,L,,imei:359587014718392,',
    );
    expect(result.uniqueId).toBe('359587014718392');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-11-03T08:15:30.000Z',
      valid: false,
      speed: 12.5,
      course: 270,
      attributes: { signal: 'L' },
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(-34.208333, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(-58.3875, 5);
  });

  it('reads the full format with its status texts', () => {
    const full = (status: string) =>
      decode(
        `241103081530,+441234567890,GPRMC,081530.000,A,5130.0000,N,00007.5000,W,0.00,0.00,031124,,,A*61,F,${status}, imei:359587014718392,07,35.5,L:3.62V,0,128,1234,234,10,0062,B7D5`,
      ).messages[0];
    expect(full('ACC Off')?.attributes).toEqual({
      serial: '0',
      number: '+441234567890',
      signal: 'F',
      ignition: false,
      sat: 7,
      power: 3.62,
    });
    expect(full('ACC Off')?.altitude).toBe(35.5);
    expect(full('low battery')?.attributes.alarm).toBe('lowBattery');
    expect(full('move!')?.attributes.alarm).toBe('movement');
    expect(full('speed!')?.attributes.alarm).toBe('overspeed');
    expect(full('stockade!')?.attributes.alarm).toBe('geofence');
    expect(full('')?.attributes.alarm).toBeUndefined();
  });

  it('yields nothing for frames without a sentence or an IMEI, and refuses impossible coordinates', () => {
    expect(decode(',+48606717068,,L,, imei:012207005047292,,,F:4.28V,1,52').messages).toEqual([]);
    expect(decode('GPRMC,081530.000,A,5130.0000,N,00007.5000,W,0.00,0.00,031124,,,A*61,F,').messages).toEqual([]);
    expect(decode('GPRMC,081530.000,A,5130.0000').messages).toEqual([]);
    expect(() =>
      decode('GPRMC,081530.000,A,9930.0000,N,00007.5000,W,0.00,0.00,031124,,,A*61,F,,imei:359587014718392,'),
    ).toThrow('out of range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('xexun', xexunFramer, decodeXexun);
    expect(mutants).toBe(200 * loadVectors('xexun').length);
  });
});
