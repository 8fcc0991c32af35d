import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeAplicom } from './aplicom.decoder';
import { encodeAplicom } from './aplicom.encoder';
import { APLICOM_MAX_FRAME, aplicomFramer } from './aplicom.framer';
import { aplicomProtocol } from './aplicom.protocol';

const session = sessionFor('aplicom');
const IMEI = '357300070048866';

const hexOf = (value: number, bytes: number) =>
  (value < 0 ? value + 2 ** (8 * bytes) : value).toString(16).padStart(2 * bytes, '0');
const seconds = (iso: string) => hexOf(Date.parse(iso) / 1000, 4);

/** A message: protocol letter, version (0x80 IMEI, 0x40 selector), unit id, length, selector, data (hex). */
function message(letter: string, data: string, selector: number | null, unitId = IMEI): Buffer {
  const body = Buffer.from(data.replace(/\s+/g, ''), 'hex');
  const imei = unitId.length > 8;
  const version = (imei ? 0x80 : 0) | (selector === null ? 0 : 0x40) | 0x02;
  const id = hexOf(Number(unitId), imei ? 7 : 3);
  const head = `${Buffer.from(letter).toString('hex')}${hexOf(version, 1)}${id}${hexOf(body.length, 2)}`;
  return Buffer.concat([Buffer.from(head + (selector === null ? '' : hexOf(selector, 3)), 'hex'), body]);
}

describe('aplicom decoder: Traccar vectors', () => {
  it("decodes them as Traccar did (the issue's bars: 98 % of messages, 95 % of attribute values)", () => {
    const score = scoreProtocol(aplicomProtocol, loadVectors('aplicom'));
    // a driver field of zeros: Traccar gives "00", we give no driver (docs/protocols.md)
    expect(score.mismatches).toEqual([{ index: 19, reason: 'attribute driverUniqueId: undefined ≠ "00"' }]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.99);
  });
});

describe('aplicom decoder: D messages', () => {
  it('decodes every field a selector can bring, in their order, and the event data after them', () => {
    const selector = 0x0001 | 0x0002 | 0x0004 | 0x0008 | 0x0010 | 0x0040 | 0x0020 | 0x8000;
    const data = [
      '05 02', // event 5, information 2
      `40 ${seconds('2025-03-01T12:00:02Z')}`, // location valid, time
      seconds('2025-03-01T12:00:00Z'), // snapshot time
      `${hexOf(-33_868_820, 4)} ${hexOf(151_209_296, 4)} 09`,
      '64 6e 5a', // 100 km/h, 110 km/h at most, 180°
      '05', // inputs
      '0100 0200 0300 0400', // A/D 1-4
      '30d4 1004', // 12.5 V, 4.1 V
      '0001 0203 0405 0607', // 0x010000: not decoded
      '08090a0b', // 0x020000
      '000004d2', // trip 1
      '00000038', // trip 2
      '03', // outputs (with the inputs bit)
      '0000 00bc614e', // driver 12345678
      '00 fff4 00', // altitude -12 m
      'deadbeef', // 0x000800
      '0102', // 0x002000
      '414243', // event data (0x001000)
    ].join('');
    const all = selector | 0x010000 | 0x020000 | 0x0080 | 0x0100 | 0x0200 | 0x0400 | 0x0800 | 0x2000 | 0x1000;
    const result = decodeAplicom(message('D', data, all), session);
    expect(result.uniqueId).toBe(IMEI);
    expect(result.ack).toBeUndefined();
    const [p] = result.messages;
    expect(p).toMatchObject({
      deviceTime: '2025-03-01T12:00:02.000Z',
      fixTime: '2025-03-01T12:00:00.000Z',
      outdated: false,
      valid: true,
      altitude: -12,
      course: 180,
    });
    expect(p?.latitude).toBeCloseTo(-33.86882, 6);
    expect(p?.longitude).toBeCloseTo(151.209296, 6);
    expect(p?.speed).toBeCloseTo(53.9957, 4);
    expect(p?.attributes).toEqual({
      event: 5,
      eventInfo: 2,
      satVisible: 9,
      maximumSpeed: 110,
      input: 5,
      adc1: 256,
      adc2: 512,
      adc3: 768,
      adc4: 1024,
      power: 12.5,
      battery: 4.1,
      trip1: 1234,
      trip2: 56,
      output: 3,
      driverUniqueId: '0012345678',
      eventData: '414243',
    });
  });

  it('gives a report without the location bits as outdated, stamped with its time, and no fix when invalid', () => {
    const [p] = decodeAplicom(message('D', `0b01 00${seconds('2025-03-01T12:00:00Z')}`, 0x03), session).messages;
    expect(p).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2025-03-01T12:00:00.000Z' });
    expect(p?.attributes).toEqual({ event: 11, eventInfo: 1 });
    const invalid = `0b01 80${seconds('2025-03-01T12:00:00Z')} 00000000 01000000 02000000 00 000000`;
    const [q] = decodeAplicom(message('D', invalid, 0x1f), session).messages;
    expect(q).toMatchObject({ outdated: false, valid: false, fixTime: '1970-01-01T00:00:00.000Z' });
  });

  it('reads a message without a selector with the core fields, and a 3-byte unit number', () => {
    const data = `0b01 c0${seconds('2025-03-01T12:00:00Z')} ${seconds('2025-03-01T11:59:59Z')} 031f840a 00c6f05b 06 1e20 2d`;
    const result = decodeAplicom(message('D', data, null, '4587786'), session);
    expect(result.uniqueId).toBe('4587786');
    expect(result.messages[0]).toMatchObject({ valid: true, course: 90, fixTime: '2025-03-01T11:59:59.000Z' });
    expect(result.messages[0]?.latitude).toBeCloseTo(52.397066, 6);
  });

  it('stops at a selector bit of unknown size and gives no event data then', () => {
    const [p] = decodeAplicom(message('D', '0b01 aabbcc', 0x1001 | 0x4000), session).messages;
    expect(p?.attributes).toEqual({ event: 11, eventInfo: 1 });
  });
});

describe('aplicom decoder: E, F, H and C messages', () => {
  it('decodes tachograph data (E)', () => {
    const card = (text: string) => Buffer.from(text.padEnd(16, ' ')).toString('hex');
    const data = [
      '1700 0104',
      seconds('2025-03-01T12:00:00Z'),
      '00 1e 0c 03 01 37 00 00', // tachograph clock
      '03 01 02', // work state, driver states
      'c0', // tachograph status (0x000100)
      '5000', // 80 km/h
      '00001000 00000100', // distances in 5 m steps
      '1f40', // k-factor 8000
      '3e80', // 2000 rpm
      '0007', // extra information
      `${Buffer.from('YV2A4C2A0XB123456').toString('hex')} 00`,
      `01 0d ${card('DRIVER-ONE')} ${'00'.repeat(10)} ${card('DRIVER-TWO')}`,
      '00',
      '00'.repeat(14),
      `01 0d ${card('DRIVER-ONE')} ${'00'.repeat(6)} 0078`,
    ].join('');
    const selector = 0x01ffff & ~0x0000;
    const [p] = decodeAplicom(message('E', data, selector), session).messages;
    expect(p).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2025-03-01T12:00:00.000Z' });
    expect(p?.attributes).toEqual({
      event: 23,
      eventInfo: 0,
      tachographEvent: 260,
      tachographTime: '0s 30m 12h 3M 1D 55Y 0m 0h',
      workState: 3,
      driver1State: 1,
      driver2State: 2,
      tachographStatus: 192,
      obdSpeed: 80,
      obdOdometer: 20480,
      tripOdometer: 1280,
      kFactor: '8.0 pulses/m',
      rpm: 2000,
      extraInfo: 7,
      vin: 'YV2A4C2A0XB123456',
      card1: 'DRIVER-ONE',
      card2: 'DRIVER-TWO',
      driver1: 'DRIVER-ONE',
      driverTime1: 120,
    });
  });

  it('decodes CAN (FMS) data (F) with its axle weights', () => {
    const data = [
      '7500',
      seconds('2025-03-01T12:00:00Z'),
      '01',
      '0320 0640 0258', // rpm
      '005a 0064 fff6', // engine temperature 90, 100, -10
      '00000010 00001388', // 16 h, 5000 to service
      '00 32 4b', // activity, throttle, fuel
      '00002710', // fuel used
      '00bc614e', // distance
      '50 5a 00 02', // speeds, hard braking
      '50 01 02 03 00 03 1964 1004 0fa0', // tachograph, three axles
    ].join('');
    const [p] = decodeAplicom(message('F', data, 0x7ff), session).messages;
    expect(p).toMatchObject({ outdated: true, deviceTime: '2025-03-01T12:00:00.000Z' });
    expect(p?.attributes).toEqual({
      event: 117,
      eventInfo: 0,
      rpm: 800,
      rpmMax: 1600,
      rpmMin: 600,
      engineTemp: 90,
      engineTempMax: 100,
      engineTempMin: -10,
      hours: 16 * 3_600_000,
      serviceDistance: 5000,
      driverActivity: 0,
      throttle: 50,
      fuel: 75,
      fuelUsed: 10000,
      odometer: 12345678,
      obdSpeed: 80,
      speedMax: 90,
      speedMin: 0,
      hardBraking: 2,
      tachographSpeed: 80,
      driver1State: 1,
      driver2State: 2,
      tachographStatus: 3,
      overspeedCount: 0,
      axle0: 6500,
      axle1: 4100,
      axle2: 4000,
    });
  });

  it('decodes histograms (H), each with its own limit size', () => {
    const data = `6d00 ${seconds('2025-03-01T12:00:00Z')} 0001 00 0012 02 02 01 02 00 64 64 00 00 00000064 02 0032 01f4`;
    const [p] = decodeAplicom(message('H', data, 0x07), session).messages;
    expect(p?.attributes).toEqual({
      event: 109,
      eventInfo: 0,
      h1Index: 0,
      h1XLength: 2,
      h1YLength: 2,
      h1XType: 1,
      h1YType: 2,
      h1Parameters: 0,
      h1Data: '50.0% 50.0% 0.0% 0.0%',
      h1Total: 100,
      h1XLimits: '50',
      h1YLimits: '500',
    });
  });

  it('names the unit of a C (CAN-interface) message without a position', () => {
    const result = decodeAplicom(message('C', '0102030405', 0x01), session);
    expect(result).toEqual({ messages: [], uniqueId: IMEI });
  });
});

describe('aplicom decoder: bad input', () => {
  const good = message('D', `0b01 c0${seconds('2025-03-01T12:00:00Z')}`, 0x03);

  it('refuses short, cut, overlong and unknown messages and bad values', () => {
    expect(() => decodeAplicom(good.subarray(0, 5), session)).toThrow('short');
    expect(() => decodeAplicom(good.subarray(0, 12), session)).toThrow('header');
    expect(() => decodeAplicom(good.subarray(0, good.length - 1), session)).toThrow('length');
    expect(() => decodeAplicom(Buffer.concat([good, Buffer.of(0)]), session)).toThrow('length');
    expect(() => decodeAplicom(message('Z', '00', 0x01), session)).toThrow('protocol Z');
    expect(() => decodeAplicom(message('D', '0b01 c0', 0x03), session)).toThrow('truncated');
    const far = `0b01 c0${seconds('2025-03-01T12:00:00Z')} 00000000 ${hexOf(95_000_000, 4)} 00000000 00`;
    expect(() => decodeAplicom(message('D', far, 0x0f), session)).toThrow('range');
    expect(() => decodeAplicom(message('D', '0b01 0000b4', 0x11), session)).toThrow('heading');
    const histogram = `6d00 ${seconds('2025-03-01T12:00:00Z')} 0001 00 000a 01 01 01 01 00 00 00000000 09`;
    expect(() => decodeAplicom(message('H', histogram, 0x07), session)).toThrow('limit size');
    const lying = `6d00 ${seconds('2025-03-01T12:00:00Z')} 0001 00 0009 01 01 01 01 00 00 00000000 01`;
    expect(() => decodeAplicom(message('H', lying, 0x07), session)).toThrow('does not match');
  });

  it('survives mutated frames', () => {
    expect(fuzzVectors('aplicom', aplicomFramer, decodeAplicom).mutants).toBeGreaterThan(2000);
  });
});

describe('aplicom framer', () => {
  for (const c of loadFrameCases('aplicom')) {
    it(`Traccar frame case ${c.index}`, () => expectFrameCase(aplicomFramer, c, Buffer.from('357300070048866')));
  }

  it('cuts messages split byte by byte or merged, skipping the ASCII IMEI and garbage', () => {
    const one = message('D', `0b01 c0${seconds('2025-03-01T12:00:00Z')}`, 0x03);
    const two = message('E', `1700 0104 ${seconds('2025-03-01T12:00:00Z')}`, null, '4587786');
    const framer = aplicomFramer();
    const input = Buffer.concat([Buffer.from('357300070048866\r\nzz'), one, Buffer.of(0x00, 0x13), two]);
    const frames: Buffer[] = [];
    for (const byte of input) frames.push(...framer.push(Buffer.of(byte)));
    expect(frames).toEqual([one, two]);
    expect(aplicomFramer().push(Buffer.concat([one, two, one]))).toEqual([one, two, one]);
    expect(APLICOM_MAX_FRAME).toBe(65_549);
  });
});

describe('aplicom encoder', () => {
  const command = (type: string, attributes: Record<string, string>) =>
    encodeAplicom(
      { id: '1', uniqueId: IMEI, type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
      sessionFor('aplicom', { uniqueId: IMEI }),
    );

  it('sends custom text, ended with CR LF', () => {
    expect(command('custom', { data: 'DIGOUT 1,1' })).toBe('DIGOUT 1,1\r\n');
    expect(command('custom', { data: 'STATUS\r\n' })).toBe('STATUS\r\n');
  });

  it('has no other command and refuses empty text', () => {
    expect(command('custom', { data: '  ' })).toBeNull();
    expect(command('engineStop', {})).toBeNull();
  });
});
