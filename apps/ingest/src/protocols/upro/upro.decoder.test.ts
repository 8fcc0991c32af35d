import { describe, expect, it } from 'vitest';
import { fuzzVectors } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeUpro } from './upro.decoder';
import { encodeUpro } from './upro.encoder';
import { UPRO_MAX_FRAME, uproProtocol } from './upro.protocol';

const session = testSession({ protocol: 'upro' });
const decode = (text: string) => decodeUpro(Buffer.from(text, 'latin1'), session);
const framer = () => {
  if (!uproProtocol.framer) throw new Error('upro has a framer');
  return uproProtocol.framer();
};

describe('upro decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did, but for the vibration alarm', () => {
    const score = scoreProtocol(uproProtocol, loadVectors('upro'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
    // the status bit that Traccar reads as a vibration alarm is not documented (docs/protocols.md)
    expect(score.mismatches).toEqual([
      { index: 4, reason: 'attribute alarm: undefined ≠ "vibration"' },
      { index: 12, reason: 'attribute alarm: undefined ≠ "vibration"' },
    ]);
  });
});

describe('upro decoder', () => {
  it('decodes a fix in the southern and western hemispheres with its sections', () => {
    const result = decode(
      '*HQ200123456789012345,BA&A2359593351000015112600001218311224&B0100000000&C00000010&F0123&G000055&R1809&V0124#',
    );
    expect(result.uniqueId).toBe('123456789012345');
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2024-12-31T23:59:59.000Z',
      valid: true,
      speed: 12.3,
      course: 180,
      altitude: 5.5,
    });
    expect(p?.latitude).toBeCloseTo(-33.85, 6);
    expect(p?.longitude).toBeCloseTo(-151.21, 6);
    expect(p?.attributes).toEqual({
      ignition: true,
      status: '0100000000',
      odometer: 16,
      rssi: 18,
      sat: 9,
      power: 12.4,
    });
  });

  it('marks a fix without GPS invalid and reads a status without a fix as outdated', () => {
    const [invalid] = decode('*VK200867282036729446,BA&A1759265051877702037465610022210819#').messages;
    expect(invalid).toMatchObject({ valid: false, outdated: false });
    const [status] = decode('*VK201867282035455779,AH&B0000000000&M940&N30&Y12922#').messages;
    expect(status).toMatchObject({ outdated: true, deviceTime: null });
    expect(status?.attributes).toEqual({
      ignition: false,
      status: '0000000000',
      batteryLevel: 94,
      rssi: 30,
      power: 12.922,
    });
  });

  it('reads the decimal cell list', () => {
    const [p] = decode('*VK200867282035455779,BA&X208,10,1000,2000,70;1001,2001,80#').messages;
    expect(p?.network?.cellTowers).toEqual([
      { mobileCountryCode: 208, mobileNetworkCode: 10, locationAreaCode: 1000, cellId: 2000, signalStrength: -70 },
      { mobileCountryCode: 208, mobileNetworkCode: 10, locationAreaCode: 1001, cellId: 2001, signalStrength: -80 },
    ]);
  });

  it('binds the device of a message without sections, and refuses garbage and a truncated fix', () => {
    expect(decode('*MG20113800138000,AH')).toEqual({ messages: [], uniqueId: '13800138000' });
    expect(() => decode('hello#')).toThrow();
    expect(() => decode('*HQ200123,BA&A17592650518777020374656600222#')).toThrow();
  });

  it('survives mutations of every vector', () => {
    expect(fuzzVectors('upro', uproProtocol.framer ?? framer, decodeUpro).mutants).toBeGreaterThan(1000);
  });
});

describe('upro framer and encoder', () => {
  it('cuts at #, byte by byte and merged, and drops an endless message', () => {
    const f = framer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from('*MG201,AH#*MG202,AH#')) frames.push(...f.push(Buffer.of(byte)));
    expect(frames.map(String)).toEqual(['*MG201,AH#', '*MG202,AH#']);
    const g = framer();
    expect(g.push(Buffer.alloc(UPRO_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(g.push(Buffer.from('#*MG203,AH#')).map(String)).toEqual(['*MG203,AH#']);
  });

  it('sends custom text as given', () => {
    const command = (type: string, attributes: Record<string, string> = {}) => ({
      id: '1',
      uniqueId: '1',
      type,
      attributes,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(encodeUpro(command('custom', { data: '*HQ,1,D1#' }), session)).toBe('*HQ,1,D1#');
    expect(encodeUpro(command('custom'), session)).toBeNull();
    expect(encodeUpro(command('engineStop'), session)).toBeNull();
  });
});
