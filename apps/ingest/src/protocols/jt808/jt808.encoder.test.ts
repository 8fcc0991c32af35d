import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeJt808 } from './jt808.encoder';

const encode = (type: string, attributes: Record<string, string | number | boolean> = {}, state: object = {}) => {
  const result = encodeJt808(
    { id: '1', uniqueId: '13511221122', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    sessionFor('jt808', { uniqueId: '13511221122', state: { phone: '013511221122', version: null, ...state } }),
  );
  return Buffer.isBuffer(result) ? result.toString('hex') : result;
};

describe('jt808 encoder', () => {
  it('builds vehicle control, location query, parameters and reset messages (JT/T 808-2013)', () => {
    // 7E, id, attributes (body length), phone BCD, serial, body, XOR checksum, 7E
    expect(encode('engineStop')).toBe('7e85000001013511221122000001b17e');
    expect(encode('engineResume')).toBe('7e85000001013511221122000000b07e');
    expect(encode('positionSingle')).toBe('7e820100000135112211220000b77e');
    expect(encode('positionPeriodic', { frequency: 30 })).toBe('7e8103000a01351122112200000100000029040000001e8e7e');
    expect(encode('rebootDevice')).toBe('7e81050001013511221122000004b57e');
  });

  it('uses the 2019 header and control item list for 2019 terminals', () => {
    expect(encode('engineStop', {}, { phone: '00000866496077582164', version: 1 })).toBe(
      '7e85004005010000086649607758216400000001000101ed7e',
    );
  });

  it('sends custom hex as is and custom text as a 0x8300 text message', () => {
    expect(encode('custom', { data: '7e0001' })).toBe('7e0001');
    expect(encode('custom', { data: 'RELAY,1#' })).toBe('7e8300000901351122112200000152454c41592c3123c27e');
    expect(encode('alarmArm')).toBeNull();
    expect(encode('engineStop', {}, { phone: 'nope' })).toBeNull();
  });
});
