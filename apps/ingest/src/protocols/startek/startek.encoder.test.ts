import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeStartek } from './startek.encoder';

const session = testSession({ protocol: 'startek', uniqueId: '860262050015424' });
const command = (type: string, attributes: Record<string, string> = {}) => ({
  id: '1',
  uniqueId: '860262050015424',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('startek encoder', () => {
  it('frames a custom command with length, checksum and CRLF', () => {
    // ",860262050015424,129" is 20 characters; checksum = byte sum of "$$:20,860262050015424,129" mod 256
    expect(encodeStartek(command('custom', { data: '129' }), session)).toBe('$$:20,860262050015424,129D5\r\n');
  });

  it('cuts and restores the fuel relay on output 1 (command 900)', () => {
    expect(encodeStartek(command('engineStop'), session)).toBe('$$:24,860262050015424,900,1,190\r\n');
    expect(encodeStartek(command('engineResume'), session)).toBe('$$:24,860262050015424,900,1,08F\r\n');
  });

  it('switches an output', () => {
    expect(encodeStartek(command('outputControl', { index: '2', data: '1' }), session)).toBe(
      '$$:24,860262050015424,900,2,191\r\n',
    );
    expect(encodeStartek(command('outputControl', { index: '2', data: 'x' }), session)).toBeNull();
  });

  it('returns null for other commands and custom without data', () => {
    expect(encodeStartek(command('rebootDevice'), session)).toBeNull();
    expect(encodeStartek(command('custom'), session)).toBeNull();
  });
});
