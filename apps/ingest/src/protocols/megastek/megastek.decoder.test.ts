import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeMegastek } from './megastek.decoder';
import { megastekFramer } from './megastek.framer';
import { megastekProtocol } from './megastek.protocol';

const session = sessionFor('megastek');
const decode = (text: string) => decodeMegastek(Buffer.from(text, 'latin1'), session);

describe('megastek decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(megastekProtocol, loadVectors('megastek'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('megastek decoder: $MGV002', () => {
  it('decodes a live vehicle report with odometer, cell, temperatures and an SOS', () => {
    const result = decode(
      '$MGV002,860719020193194,Car7,R,150325,081502,A,4807.03812,N,01131.00020,W,04,05,02,0.90,12.5,90.5,520.3,1234.5,262,02,1A2B,3C4D,18,0101,0001,1.2,0,0,21.5,-3.0,,10,88,SOS;!',
    );
    expect(result.uniqueId).toBe('860719020193194');
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2025-03-15T08:15:02.000Z',
      valid: true,
      speed: 12.5,
      course: 90.5,
      altitude: 520.3,
      network: {
        cellTowers: [
          {
            mobileCountryCode: 262,
            mobileNetworkCode: 2,
            locationAreaCode: 0x1a2b,
            cellId: 0x3c4d,
            signalStrength: -18,
          },
        ],
      },
    });
    expect(p?.latitude).toBeCloseTo(48.117302, 5);
    expect(p?.longitude).toBeCloseTo(-11.51667, 5);
    expect(p?.attributes).toEqual({
      input: '0101',
      output: '0001',
      adc1: 1.2,
      adc2: 0,
      adc3: 0,
      sat: 11,
      hdop: 0.9,
      odometer: 1234500,
      temp1: 21.5,
      temp2: -3,
      charge: true,
      belt: 0,
      batteryLevel: 88,
      alarm: 'sos',
    });
  });

  it('archives a stored watch report with health readings and a Wi-Fi scan, after a length prefix', () => {
    const body =
      '$MGV002,869152024261561,,S,010224,235959,V,3814.35442,S,02144.50662,E,00,00,00,99.9,,,,,,,,,,72,5230,45,120,300,,,,11,064,Fall Down,a1b2c3d4e5f6:55|001122334455:70;!';
    const [p] = decode(`${String(body.length).padStart(4, '0')}${body}`).messages;
    expect(p?.valid).toBe(false);
    expect(p?.latitude).toBeCloseTo(-38.23924, 5);
    expect(p?.attributes).toMatchObject({
      archive: true,
      heartRate: 72,
      steps: 5230,
      activityTime: 45,
      lightSleepTime: 120,
      deepSleepTime: 300,
      batteryLevel: 64,
      alarm: 'fallDown',
    });
    expect(p?.network?.wifiAccessPoints).toEqual([
      { macAddress: 'a1:b2:c3:d4:e5:f6', signalStrength: -55 },
      { macAddress: '00:11:22:33:44:55', signalStrength: -70 },
    ]);
    expect(p?.network?.cellTowers).toBeUndefined();
  });

  it('maps the events', () => {
    const report = (event: string) =>
      decode(`$MGV002,1,,R,010114,000057,A,0000.0000,N,00000.0000,E,00,00,00,,,,,,,,,,,,,,,,,,,,,${event};!`)
        .messages[0]?.attributes.alarm;
    expect(report('PW OFF')).toBe('powerOff');
    expect(report('Low Ext Vol')).toBe('lowPower');
    expect(report('Over Speed')).toBe('overspeed');
    expect(report('Geo-fence Out')).toBe('geofenceExit');
    expect(report('Timer')).toBeUndefined();
  });

  it('gives no position without coordinates or device, and binds the device', () => {
    const noFix = decode('$MGV002,354550056642321,GVT900-3,S,300917,071731,V,,,,,00,00,00,99.9;!');
    expect(noFix).toEqual({ messages: [], uniqueId: '354550056642321' });
    expect(decode('$MGV002,,GVT900-3,S,010114,000003,,,,,,00,00,00;!')).toEqual({ messages: [] });
    expect(decode('cmd=aid;user=***;pwd=***;lat=38.55;lon=21.05;pacc=1000')).toEqual({ messages: [] });
  });

  it('refuses malformed reports', () => {
    expect(() => decode('$MGV002,1,,R,310299,000057,A,0000.0000,N,00000.0000,E')).not.toThrow();
    expect(() => decode('$MGV002,1,,R,3102,000057,A,0000.0000,N,00000.0000,E')).toThrow('date');
    expect(() => decode('$MGV002,1,,R,010114,000057,A,00x0.0000,N,00000.0000,E')).toThrow('coordinate');
    expect(() => decode('$MGV002,1,,R,010114,000057,A,9900.0000,N,00000.0000,E')).toThrow('range');
    expect(() => decode('$MGV002,1,,R,010114')).toThrow('short');
    expect(() => decode('$MGV002,1,,R,010114,000057,A,0000.0000,N,00000.0000,E,00,zz,00;!')).toThrow('integer');
    expect(() => decode('$MGV002,1,,R,010114,000057,A,0000.0000,N,00000.0000,E,00,00,00,1.0,1.0,456.2;!')).toThrow(
      'course',
    );
    expect(() => decode('hello')).toThrow('not a megastek');
  });
});

describe('megastek decoder: STX', () => {
  it('decodes an MT-90 report with its IMEI, satellites, battery and cell', () => {
    const result = decode(
      'STX,Van12,$GPRMC,101530.000,A,5130.00000,N,00007.50000,W,3.20,45.00,020625,,,A*6C,F,SOS,imei:356000000000001,7/9,35.2,Battery=80%,,0,234,15,00A1,1B2C;5E',
    );
    expect(result.uniqueId).toBe('356000000000001');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2025-06-02T10:15:30.000Z',
      valid: true,
      speed: 3.2,
      course: 45,
      altitude: 35.2,
      attributes: { alarm: 'sos', sat: 7, satVisible: 9, batteryLevel: 80, charge: false },
      network: {
        cellTowers: [{ mobileCountryCode: 234, mobileNetworkCode: 15, locationAreaCode: 0xa1, cellId: 0x1b2c }],
      },
    });
    expect(result.messages[0]?.longitude).toBeCloseTo(-0.125, 6);
  });

  it('decodes the first STX layout and a report without a fix', () => {
    const [p] = decode(
      'STX777                $GPRMC,000001.000,V,0100.0000,S,00200.0000,E,,,311224,,,N*4F,460,00,0001,0002,20,50,0000,000000,0000,1.00,0.00,0.00,Low Battery;11',
    ).messages;
    expect(p).toMatchObject({ valid: false, speed: 0, course: 0, fixTime: '2024-12-31T00:00:01.000Z' });
    expect(p?.attributes).toMatchObject({ batteryLevel: 50, input: '000000', adc1: '1.00', alarm: 'lowBattery' });
    const empty = decode('STX260475           \u0002O$GPRMC,131110.00,V,,,,,,,060913,,,N*76,222,01,815A,D455,11,97;75');
    expect(empty).toEqual({ messages: [], uniqueId: '260475' });
    expect(() => decode('STX,1,$GPRMC,1,A')).toThrow('short');
  });

  it('survives mutated frames', () => {
    const { mutants } = fuzzVectors('megastek', megastekFramer, decodeMegastek);
    expect(mutants).toBeGreaterThan(1000);
  });
});
