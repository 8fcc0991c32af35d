import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeTaip, taipChecksum } from './taip.decoder';
import { encodeTaip } from './taip.encoder';
import { TAIP_MAX_FRAME, taipProtocol } from './taip.protocol';

const session = sessionFor('taip');
const decode = (text: string, view = session) => decodeTaip(Buffer.from(text, 'latin1'), view);
const framer = taipProtocol.framer as NonNullable<typeof taipProtocol.framer>;

describe('taip decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(taipProtocol, loadVectors('taip'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('taip decoder', () => {
  it('reads the PV example of the Lassen SK8 manual, on the day nearest the receive time, and acks with the ID', () => {
    const view = sessionFor('taip', { receivedAt: new Date('2025-03-10T05:00:00Z') });
    const result = decode('>RPV15714+3739438-1220384601512612;ID=1234;*7F<', view);
    expect(result.uniqueId).toBe('1234');
    expect(result.ack).toBe('1234');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2025-03-10T04:21:54.000Z',
      valid: true,
      latitude: 37.39438,
      longitude: -122.03846,
      course: 126,
    });
    expect(result.messages[0]?.speed).toBeCloseTo(15 * 0.868976, 5);
    // a time of day 20 h after the receive time belongs to the day before
    const late = decode('>RPV82800+3739438-1220384601512612;ID=1234<', view).messages[0];
    expect(late?.fixTime).toBe('2025-03-09T23:00:00.000Z');
  });

  it('marks a PV without a fix (source 9) invalid', () => {
    expect(decode('>RPV81854+4902565+1220996700000092;ID=7<').messages[0]?.valid).toBe(false);
  });

  it('reads an EV event report on the GPS week, its SOS alarm and a power-cut alarm', () => {
    const sos = decode('>REV012212300000+4500000-0730000000000012;ID=9;#0001<');
    expect(sos.messages[0]).toMatchObject({ fixTime: '2022-06-01T00:00:00.000Z', latitude: 45, longitude: -73 });
    expect(sos.messages[0]?.attributes).toEqual({ event: 1, alarm: 'sos' });
    expect(sos.ack).toBe(`>ACK;ID=9;#0001;*${taipChecksum('>ACK;ID=9;#0001;*')}<`);
    expect(decode('>REV022212300000+4500000-0730000000000012;ID=9<').messages[0]?.attributes.alarm).toBe('powerCut');
  });

  it('reads the comma form with odometer, supply voltages, temperatures and a driving alarm (hex event)', () => {
    const [position] = decode(
      '>RUS00,150324101500+4123456-0081234506509020080,0,12345,12503985,1800,21.5,-3.25,17;ID=X1;#IP1:0001<',
    ).messages;
    expect(position).toMatchObject({ fixTime: '2024-03-15T10:15:00.000Z', valid: true, course: 90 });
    expect(position?.speed).toBeCloseTo(65 * 0.868976, 5);
    expect(position?.attributes).toEqual({
      ignition: true,
      input: 0x80,
      odometer: 12345,
      power: 12.5,
      battery: 39.85,
      rpm: 1800,
      temp1: 21.5,
      temp2: -3.25,
      event: 0x17,
      alarm: 'hardBraking',
    });
    expect(
      decode('>RUS00,150324101500+4123456-0081234506509020080,0,1,12503985,0,16;ID=X1<').messages[0]?.attributes,
    ).toMatchObject({ event: 22, alarm: 'hardAcceleration' });
  });

  it('reads the input extension with PDOP, RSSI and temperatures', () => {
    const [position] = decode(
      '>RBR00130217040848-3462200-05846708000175FF0022900003B3C12010800001111+2150A0-0125B0;ID=555224<',
    ).messages;
    expect(position?.valid).toBe(true);
    expect(position?.attributes).toEqual({
      input: 255,
      battery: 229,
      odometer: 0x3b3c,
      pdop: 1,
      rssi: 11,
      temp1: 21.5,
      temp2: -1.25,
      event: 0,
    });
  });

  it('reads degrees-and-minutes coordinates and an RUV OBD report', () => {
    const gp = decode('>RGP200317010815+3852.9306+06204.8856030090;ID=5555<').messages[0];
    expect(gp?.latitude).toBeCloseTo(38.882177, 5);
    expect(gp?.longitude).toBeCloseTo(62.081427, 5);
    const obd = decode(
      '>RUV03150,NT003,010125080000+4500000+00700000020045100C00001,42,12,80000,2100,88,3,61,1200,55,40,5,1,0,1,0;ID=N1<',
    ).messages[0];
    expect(obd).toMatchObject({ valid: true, course: 45, latitude: 45, longitude: 7 });
    expect(obd?.attributes).toMatchObject({
      ignition: true,
      charge: true,
      input: 0xc0,
      hdop: 1,
      throttle: 42,
      hours: 720_000,
      odometer: 80000,
      rpm: 2100,
      fuelUsed: 120,
      obdSpeed: 55,
      cruiseControl: true,
      clutchState: false,
      parkingBrake: true,
      event: 150,
    });
  });

  it('acknowledges a message without a position by its index, and yields nothing for it', () => {
    expect(decode('>RTT151123153149-4330468-06503640000009300DF2101;ID=8803;#1ABD;*2B<')).toEqual({
      messages: [],
      uniqueId: '8803',
      ack: `>ACK;ID=8803;#1ABD;*${taipChecksum('>ACK;ID=8803;#1ABD;*')}<`,
    });
    expect(decode('>RLN19500000+337885218-0857685155+000753940000;ID=3168;*4D<')).toEqual({
      messages: [],
      uniqueId: '3168',
    });
  });

  it('takes the device of the session when the message has no ID, and nothing without either', () => {
    expect(decode('>RPV15714+3739438-1220384601512612<').messages).toEqual([]);
    const bound = sessionFor('taip', { uniqueId: '1234' });
    expect(decode('>RPV15714+3739438-1220384601512612<', bound).messages).toHaveLength(1);
  });

  it('accepts a stale checksum (as Traccar) and refuses truncated or malformed data', () => {
    expect(decode('>RPV15714+3739438-1220384601512612;ID=1234;*00<').messages).toHaveLength(1);
    expect(decode('>RPV15714+3739438-12203846015;ID=1234<').messages).toEqual([]);
    expect(decode('>RPV1571+3739438-1220384601512612;ID=1234<').messages).toEqual([]);
    expect(decode('>REV01221;ID=1<').messages).toEqual([]);
    expect(decode('>RGP991399250000+3852.9306+06204.8856030090;ID=5555<').messages[0]?.fixTime).toBeDefined();
    expect(() => decode('>RPV15714+9739438-1220384601512612;ID=1<')).toThrow('out of range');
    expect(() => decode('>RPV15714+3739438-1220384601512612;BL=x;ID=1<')).toThrow('BL');
    expect(() => decode('>RPV15714+3739438-1220384601512612;IO=2;ID=1<')).toThrow('IO');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('taip', framer, decodeTaip);
    expect(mutants).toBe(200 * loadVectors('taip').length);
  });
});

describe('taip framer', () => {
  const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

  it('cuts at < byte by byte and merged, and skips garbage before a frame', () => {
    const message = '>RPV15714+3739438-1220384601512612;ID=1234;*7F<';
    const split = framer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(message)) frames.push(...split.push(Buffer.of(byte)));
    expect(text(frames)).toEqual([message.slice(0, -1)]);
    expect(text(framer().push(Buffer.from(`${message}${message}>RPV0`)))).toEqual([
      message.slice(0, -1),
      message.slice(0, -1),
    ]);
    const [withGarbage] = framer().push(Buffer.from(`\x00\xffjunk${message}`));
    expect(decodeTaip(withGarbage as Buffer, session).messages).toHaveLength(1);
  });

  it('drops an endless frame and takes the next one', () => {
    const instance = framer();
    expect(instance.push(Buffer.alloc(TAIP_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(text(instance.push(Buffer.from('<>RPV1<')))).toEqual(['>RPV1']);
    expect(instance.buffered).toBeLessThanOrEqual(TAIP_MAX_FRAME);
  });
});

describe('taip encoder', () => {
  const bound = sessionFor('taip', { uniqueId: '1234' });
  const command = (type: string, attributes: Record<string, string | number> = {}) =>
    encodeTaip({ id: '1', uniqueId: '1234', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, bound);
  const sum = (text: string) => `${text}${taipChecksum(text)}<`;

  it('writes the TAIP query and scheduled-report messages with ID and checksum', () => {
    expect(command('positionSingle')).toBe(sum('>QPV;ID=1234;*'));
    expect(command('positionPeriodic', { frequency: 30 })).toBe(sum('>FPV00300000;ID=1234;*'));
    expect(command('positionStop')).toBe(sum('>FPV00000000;ID=1234;*'));
    expect(command('custom', { data: 'SRM;ID_FLAG=T' })).toBe(sum('>SRM;ID_FLAG=T;ID=1234;*'));
    expect(command('custom', { data: '>QVR<' })).toBe('>QVR<');
    expect(sum('>QPV;ID=1234;*')).toBe('>QPV;ID=1234;*77<');
    // the checksum of the manual's PV example
    expect(taipChecksum('>RPV15714+3739438-1220384601512612;ID=1234;*')).toBe('7F');
  });

  it('refuses what TAIP cannot say', () => {
    expect(command('positionPeriodic', { frequency: 10000 })).toBeNull();
    expect(command('custom')).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
