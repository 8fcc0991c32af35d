import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeEelink } from './eelink.encoder';

const tcp = sessionFor('eelink', { uniqueId: '352544071677471' });
const encode = (type: string, attributes: Record<string, string | number | boolean> = {}, session = tcp) => {
  const out = encodeEelink(
    { id: '1', uniqueId: '352544071677471', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );
  return out === null ? null : (out as Buffer).toString('hex');
};
const downlink = (text: string) => {
  const content = Buffer.concat([Buffer.from([1, 0, 0, 0, 0]), Buffer.from(text)]);
  const head = Buffer.from([0x67, 0x67, 0x80, 0, 2 + content.length, 0, 0]);
  return Buffer.concat([head, content]).toString('hex');
};

describe('eelink encoder', () => {
  it('writes the exact downlink packet for WHERE#', () => {
    expect(encode('positionSingle')).toBe('676780000d00000100000000574845524523');
  });

  it('frames each documented command text', () => {
    expect(encode('engineStop')).toBe(downlink('RELAY,1#'));
    expect(encode('engineResume')).toBe(downlink('RELAY,0#'));
    expect(encode('rebootDevice')).toBe(downlink('RESET#'));
    expect(encode('getVersion')).toBe(downlink('VERSION#'));
    expect(encode('getDeviceStatus')).toBe(downlink('STATUS#'));
    expect(encode('positionPeriodic', { frequency: 30 })).toBe(downlink('TIMER,30,1#'));
    expect(encode('positionStop')).toBe(downlink('TIMER,0,0#'));
    expect(encode('outputControl', { index: 2, data: '1' })).toBe(downlink('PORT,0100,0100#'));
    expect(encode('sosNumber', { data: '+4412345' })).toBe(downlink('SOS,A,+4412345#'));
    expect(encode('sosNumber')).toBe(downlink('SOS,D#'));
    expect(encode('sendSms', { phone: '+4412345', message: 'hi' })).toBe(downlink('FW,+4412345,hi#'));
    expect(encode('custom', { data: 'APN,internet#' })).toBe(downlink('APN,internet#'));
  });

  it('wraps the packet in the UDP envelope over UDP', () => {
    expect(encode('positionSingle', {}, sessionFor('eelink', { uniqueId: '352544071677471', transport: 'udp' }))).toBe(
      '454c001c64e80352544071677471676780000d00000100000000574845524523',
    );
  });

  it('refuses bad parameters and unknown commands', () => {
    expect(encode('outputControl', { index: 5, data: '1' })).toBeNull();
    expect(encode('positionPeriodic', { frequency: 'x' })).toBeNull();
    expect(encode('sendSms', { phone: '+1' })).toBeNull();
    expect(encode('alarmArm')).toBeNull();
  });
});
