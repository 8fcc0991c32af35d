import { describe, expect, it } from 'vitest';
import type { NavisState } from './navis.decoder';
import { encodeNavis } from './navis.encoder';
import { ascii, hex, session } from './navis.test-kit';
import { ntcbPacket } from './navis-ntcb';

describe('navis encoder', () => {
  const command = (type: string, data: unknown, state: NavisState = { device: 5, server: 1 }) =>
    encodeNavis(
      { id: '1', uniqueId: '866795033323864', type, attributes: { data } as never, createdAt: '2025-01-01T00:00:00Z' },
      session(state),
    );

  it('sends custom text as an NTCB *! command to the device, ids swapped', () => {
    // header: @NTC, receiver 5 (the device), sender 1, length 10, XOR of the text, XOR of the header
    expect(command('custom', 'CNCT_DRC')).toEqual(hex('404e5443 05000000 01000000 0a00 1b 0c 2a21434e43545f445243'));
    expect(command('custom', '*!1Y')).toEqual(ntcbPacket(5, 1, ascii('*!1Y')));
  });

  it('sends nothing without the ids of an earlier message, an empty or non-ASCII text or another type', () => {
    expect(command('custom', 'CNCT_DRC', {})).toBeNull();
    expect(command('custom', '  ')).toBeNull();
    expect(command('custom', 'é')).toBeNull();
    expect(command('custom', 42)).toBeNull();
    expect(command('engineStop', 'x')).toBeNull();
  });
});
