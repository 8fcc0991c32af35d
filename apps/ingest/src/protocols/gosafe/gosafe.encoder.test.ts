import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeGosafe } from './gosafe.encoder';

const session = sessionFor('gosafe', { uniqueId: '351535058659335' });
const command = (type: string, attributes: Record<string, string | number | boolean> = {}) =>
  encodeGosafe(
    { id: '1', uniqueId: '351535058659335', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    session,
  );

describe('gosafe encoder', () => {
  it('sends custom data as it is and nothing else', () => {
    expect(command('custom', { data: '*GS06,351535058659335,SET:GPRS;10#' })).toBe(
      '*GS06,351535058659335,SET:GPRS;10#',
    );
    expect(command('custom', {})).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
