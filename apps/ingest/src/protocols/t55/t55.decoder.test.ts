import { describe, expect, it } from 'vitest';
import { fuzzVectors } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeT55 } from './t55.decoder';
import { encodeT55 } from './t55.encoder';
import { T55_MAX_FRAME, t55Protocol } from './t55.protocol';

const session = testSession({ protocol: 't55', receivedAt: new Date('2025-03-04T12:00:00Z') });
const decode = (text: string) => decodeT55(Buffer.from(text, 'latin1'), session);
const framer = () => {
  if (!t55Protocol.framer) throw new Error('t55 has a framer');
  return t55Protocol.framer();
};

describe('t55 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(t55Protocol, loadVectors('t55'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
    expect(score.mismatches).toEqual([]);
  });
});

describe('t55 decoder', () => {
  it('takes the device id from each identification form', () => {
    expect(decode('$PGID,861001000000001*00')).toEqual({ messages: [], uniqueId: '861001000000001' });
    expect(decode('$DEVID,0xABCDEF0123456789*00')).toEqual({ messages: [], uniqueId: '0xABCDEF0123456789' });
    expect(decode('$IMEI=861001000000002\r\n')).toEqual({ messages: [], uniqueId: '861001000000002' });
    expect(decode('IMEI 861001000000003')).toEqual({ messages: [], uniqueId: '861001000000003' });
    expect(decode('A1B2C3D4')).toEqual({ messages: [], uniqueId: 'A1B2C3D4' });
  });

  it('decodes an RMC in the southern and western hemispheres', () => {
    const result = decode('$GPRMC,235959.000,A,3351.0000,S,15112.6000,W,12.5,270.0,311224,,,A*00');
    const [p] = result.messages;
    expect(p).toMatchObject({ fixTime: '2024-12-31T23:59:59.000Z', valid: true, speed: 12.5, course: 270 });
    expect(p?.latitude).toBeCloseTo(-33.85, 6);
    expect(p?.longitude).toBeCloseTo(-151.21, 6);
  });

  it('takes satellites, IMEI, ignition, fuel and battery appended after the checksum', () => {
    const result = decode(
      '$GPRMC,010203.000,A,1000.0000,N,02000.0000,E,1.0,2.0,010125,A*00,9,861001000000004,0,050,100',
    );
    expect(result.uniqueId).toBe('861001000000004');
    expect(result.messages[0]?.attributes).toEqual({ sat: 9, ignition: false, fuel: 50, battery: 100 });
  });

  it('dates a GGA and a GLL with the day the sentence arrives', () => {
    const [gga] = decode('$GNGGA,101112.00,4000.000,N,00300.000,W,2,12,1.1,100.5,M,0,M,,*00').messages;
    expect(gga).toMatchObject({ fixTime: '2025-03-04T10:11:12.000Z', valid: true, altitude: 100.5 });
    expect(gga?.attributes).toEqual({ sat: 12, hdop: 1.1 });
    const [gll] = decode('$GPGLL,4000.000,N,00300.000,W,101112.00,V,N*00').messages;
    expect(gll).toMatchObject({ valid: false, latitude: 40, longitude: -3 });
  });

  it('reads the network and I/O sentences as status without a location', () => {
    const [net] = decode('$GPTXT,NET,42,Operator,-70,208 10*00').messages;
    expect(net).toMatchObject({ outdated: true, fixTime: null });
    expect(net?.attributes).toEqual({ operator: 'Operator', rssi: -70, mcc: 208, mnc: 10 });
    const [io] = decode('$GPIOP,00000000,00000000,0,0,0,0,12.60,3.90*00').messages;
    expect(io?.attributes).toEqual({ power: 12.6, battery: 3.9 });
  });

  it('reads the TRCCR report in decimal degrees', () => {
    const [p] = decode('$TRCCR,20250101120000.000,A,-12.5,45.25,10,90,5,3.7,*00').messages;
    expect(p).toMatchObject({ fixTime: '2025-01-01T12:00:00.000Z', valid: true, latitude: -12.5, longitude: 45.25 });
    expect(p).toMatchObject({ speed: 10, course: 90, altitude: 5, attributes: { battery: 3.7 } });
  });

  it('yields no position for truncated or malformed sentences', () => {
    expect(decode('$GPRMC,094907.000,A,6000.5332,N').messages).toEqual([]);
    expect(decode('$GPRMC,094907.000,A,6000.5332,N,3020.5192,E,1.17,60.26,091111,,*33').messages).toEqual([]);
    expect(decode('$GPGGA,0949,6000.5332,N,03020.5192,E,1,08').messages).toEqual([]);
    expect(decode('$GPRMC,094907.000,X,6000.5332,N,03020.5192,E,1.17,60.26,091111,,*33').messages).toEqual([]);
    expect(() => decode('$GPRMC,094907.000,A,6000.5332,N,03020.5192,E,fast,60.26,091111,,*33')).toThrow();
    expect(() => decode('%%% garbage %%%')).toThrow();
    expect(() => decode('#!$GPRMC')).toThrow();
  });

  it('survives mutations of every vector', () => {
    const { mutants } = fuzzVectors('t55', t55Protocol.framer ?? framer, decodeT55);
    expect(mutants).toBeGreaterThan(1000);
  });
});

describe('t55 framer', () => {
  it('cuts lines, split byte by byte and merged, and drops an endless line', () => {
    const lines = '$PGID,1*00\r\n$GPRMC,1\n';
    const f = framer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(lines + lines)) frames.push(...f.push(Buffer.of(byte)));
    expect(frames.map(String)).toEqual(['$PGID,1*00', '$GPRMC,1', '$PGID,1*00', '$GPRMC,1']);
    const g = framer();
    expect(g.push(Buffer.alloc(T55_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(g.push(Buffer.from('\n$PGID,2*00\n')).map(String)).toEqual(['$PGID,2*00']);
  });
});

describe('t55 encoder', () => {
  const command = (type: string, attributes: Record<string, string> = {}) => ({
    id: '1',
    uniqueId: '1',
    type,
    attributes,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  it('sends custom text as a line and nothing else', () => {
    expect(encodeT55(command('custom', { data: '$SET,INT,30' }), session)).toBe('$SET,INT,30\r\n');
    expect(encodeT55(command('custom'), session)).toBeNull();
    expect(encodeT55(command('engineStop'), session)).toBeNull();
  });
});
