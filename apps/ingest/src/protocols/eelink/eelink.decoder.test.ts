import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeEelink } from './eelink.decoder';
import { eelinkFramer } from './eelink.framer';
import { eelinkProtocol } from './eelink.protocol';

const bound = sessionFor('eelink', { uniqueId: '352544071677471' });
const decode = (hex: string, session = bound) => decodeEelink(Buffer.from(hex, 'hex'), session);
const hex = (ack: unknown) => (ack as Buffer).toString('hex');

describe('eelink decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(eelinkProtocol, loadVectors('eelink'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('eelink decoder', () => {
  it('binds the device on login and answers with the server time, version 1', () => {
    const result = decode('676701000c007b03525440717505180104', sessionFor('eelink'));
    expect(result.uniqueId).toBe('352544071750518');
    expect(hex(result.ack)).toBe('676701000900' + '7b6a88e680000100');
  });

  it('answers a heartbeat with its index and reads the status word', () => {
    const result = decode('6767030004001a0077');
    expect(hex(result.ack)).toBe('6767030002001a');
    expect(result.messages[0]).toMatchObject({
      outdated: true,
      fixTime: null,
      attributes: { ignition: true, blocked: false, status: 0x77 },
    });
  });

  it('answers inside the UDP envelope, with its checksum', () => {
    const result = decode('454c0011000003525440716774716767030004001a0077', sessionFor('eelink', { transport: 'udp' }));
    expect(result.uniqueId).toBe('352544071677471');
    expect(hex(result.ack)).toBe('454c0011a58703525440716774716767030002001a');
  });

  it('does not answer GPS packets', () => {
    const result = decode('676702001b00195a0bf4000269fb200c385b602800b401cc0000249500142001');
    expect(result.ack).toBeUndefined();
    expect(result.messages[0]).toMatchObject({
      fixTime: '2017-11-15T08:00:00.000Z',
      valid: true,
      latitude: 22.5,
      longitude: 113.9,
      course: 180,
      attributes: { index: 0x19 },
      network: {
        cellTowers: [{ mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 0x2495, cellId: 0x1420 }],
      },
    });
  });

  it('reads a warning with an LTE cell, a Wi-Fi access point and the SOS alarm', () => {
    const result = decode(
      '6767140035002a65937d2581fc67e520103a3490002a0024005a09040901f900011234567800abcdef00000000000046a0b1c2d3e4f53c02062f',
    );
    expect(hex(result.ack)).toBe('6767140002002a');
    const [position] = result.messages;
    expect(position).toMatchObject({
      fixTime: '2024-01-02T03:04:05.000Z',
      valid: true,
      latitude: -33.5,
      longitude: 151.25,
      altitude: 42,
      course: 90,
      attributes: {
        index: 42,
        sat: 9,
        alarm: 'sos',
        ignition: true,
        armed: false,
        motion: true,
        blocked: false,
        gps: true,
      },
      network: {
        cellTowers: [
          {
            mobileCountryCode: 505,
            mobileNetworkCode: 1,
            locationAreaCode: 0x1234,
            cellId: 0xabcdef,
            signalStrength: -70,
          },
        ],
        wifiAccessPoints: [{ macAddress: 'a0:b1:c2:d3:e4:f5', signalStrength: -60 }],
      },
    });
    expect(position?.speed).toBeCloseTo(36 * 0.539957, 5);
  });

  it('reads a command answer as text, or as a location when it is one', () => {
    const text = Buffer.from('RELAY=1,OK').toString('hex');
    const [answer] = decode(`67678000110005014c754c75${text}`).messages;
    expect(answer).toMatchObject({ outdated: true, attributes: { index: 5, result: 'RELAY=1,OK' } });
  });

  it('reads OBD values as of the packet time', () => {
    const [position] = decode('67670700150010 50e22814 89 00000064 8a 00000010 8b 0000007b'.replace(/ /g, '')).messages;
    expect(position).toMatchObject({
      outdated: true,
      fixTime: null,
      deviceTime: '2013-01-01T00:04:36.000Z',
      attributes: { fuelConsumption: 100, odometer: 16_000, fuel: 12 },
    });
  });

  it('yields nothing before the device is known and refuses broken packets', () => {
    expect(decode('6767030004001a0077', sessionFor('eelink')).messages).toEqual([]);
    expect(() => decode('6767120048000559c18292')).toThrow('truncated');
    expect(() => decode('6868030004001a0077')).toThrow('header');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('eelink', eelinkFramer, decodeEelink);
    expect(mutants).toBe(200 * loadVectors('eelink').length);
  });
});
