import { describe, expect, it } from 'vitest';
import { mutations, seededRandom } from '../../testing/mutations';
import { httpFrameOf, loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import type { HttpRequestFrame } from '../protocol.types';
import { decodeFlespi } from './flespi.decoder';
import { flespiProtocol } from './flespi.protocol';

const session = testSession({ protocol: 'flespi', transport: 'http' });
const post = (body: unknown): HttpRequestFrame => ({
  method: 'POST',
  url: '/',
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('flespi decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(flespiProtocol, loadVectors('flespi'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('flespi decoder', () => {
  it('maps the well-known parameters to Traccar names, speed from km/h, and raises alarms', () => {
    const result = decodeFlespi(
      post([
        {
          ident: '352093081234567',
          timestamp: 1700000000.75,
          'position.latitude': 48.1,
          'position.longitude': 11.5,
          'position.speed': 50,
          'position.direction': 180,
          'position.valid': false,
          'battery.voltage': 4.1,
          'external.powersource.voltage': 12.6,
          'engine.ignition.status': true,
          'gsm.signal.level': 87.5,
          'harsh.braking.event.trigger': true,
          'towing.alarm.status': false,
          'can.fuel.consumed': 12.5,
          'nested.object': { ignored: 1 },
        },
      ]),
      session,
    );
    expect(result.uniqueId).toBe('352093081234567');
    const [position] = result.messages;
    expect(position).toMatchObject({ fixTime: '2023-11-14T22:13:20.000Z', valid: false, course: 180 });
    expect(position?.speed).toBeCloseTo(26.99785, 4);
    expect(position?.attributes).toEqual({
      battery: 4.1,
      power: 12.6,
      ignition: true,
      rssi: 87,
      alarm: 'hardBraking',
      'can.fuel.consumed': 12.5,
      ident: '352093081234567',
    });
  });

  it('keeps a message without coordinates as a position without a location, and other devices apart', () => {
    const result = decodeFlespi(
      post([
        { ident: 'a', timestamp: 1, 'position.latitude': 1, 'position.longitude': 2 },
        { ident: 'b', timestamp: 2, din: 3 },
      ]),
      session,
    );
    expect(result.uniqueId).toBe('a');
    expect(result.messages[0]?.uniqueId).toBeUndefined();
    expect(result.messages[1]).toMatchObject({
      uniqueId: 'b',
      outdated: true,
      fixTime: null,
      deviceTime: '1970-01-01T00:00:02.000Z',
      attributes: { input: 3, ident: 'b' },
    });
  });

  it('takes a single object and an empty array', () => {
    expect(decodeFlespi(post({ ident: 'x', timestamp: 5 }), session).messages).toHaveLength(1);
    expect(decodeFlespi(post([]), session)).toEqual({ messages: [], ack: { status: 200 } });
  });

  it('refuses malformed bodies (the listener answers 400)', () => {
    expect(() => decodeFlespi(post('[{"ident":'), session)).toThrow();
    expect(() => decodeFlespi(post([1]), session)).toThrow('object');
    expect(() => decodeFlespi(post([{ timestamp: 1 }]), session)).toThrow('ident');
    expect(() => decodeFlespi(post([{ ident: 'a' }]), session)).toThrow('timestamp');
    expect(() =>
      decodeFlespi(post([{ ident: 'a', timestamp: 1, 'position.latitude': 100, 'position.longitude': 0 }]), session),
    ).toThrow('range');
  });

  it('survives 200 mutations of every vector body (throws only Errors)', () => {
    const random = seededRandom(5149);
    let mutants = 0;
    for (const vector of loadVectors('flespi')) {
      const frame = httpFrameOf(vector);
      for (const body of mutations(frame.body, 200, random)) {
        mutants += 1;
        try {
          decodeFlespi({ ...frame, body }, session);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }
    }
    expect(mutants).toBe(200 * loadVectors('flespi').length);
  });
});
