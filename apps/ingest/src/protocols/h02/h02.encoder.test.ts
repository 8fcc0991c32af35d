import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeH02 } from './h02.encoder';

const session = testSession({ protocol: 'h02', uniqueId: '123456789012345' });
const encode = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeH02({ id: '1', uniqueId: '123456789012345', type, attributes, createdAt: '2025-01-02T09:08:07.000Z' }, session);

describe('h02 encoder', () => {
  // Traccar's H02 encoder formats: *HQ,<id>,<cmd>,<hhmmss>,<params>#
  it('encodes the relay, alarm and interval commands', () => {
    expect(encode('engineStop')).toBe('*HQ,123456789012345,S20,090807,1,1#');
    expect(encode('engineResume')).toBe('*HQ,123456789012345,S20,090807,1,0#');
    expect(encode('alarmArm')).toBe('*HQ,123456789012345,SCF,090807,0,0#');
    expect(encode('alarmDisarm')).toBe('*HQ,123456789012345,SCF,090807,1,1#');
    expect(encode('positionPeriodic', { frequency: 60 })).toBe('*HQ,123456789012345,S71,090807,22,60#');
  });

  it('sends custom data as it is and refuses the rest', () => {
    expect(encode('custom', { data: '*HQ,123456789012345,D1,090807,30,1#' })).toBe(
      '*HQ,123456789012345,D1,090807,30,1#',
    );
    expect(encode('custom')).toBeNull();
    expect(encode('rebootDevice')).toBeNull();
    expect(encode('positionPeriodic', { frequency: -1 })).toBeNull();
  });
});
