import { describe, expect, it } from 'vitest';
import { mutations, seededRandom } from '../../testing/mutations';
import { httpFrameOf, loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import type { HttpRequestFrame } from '../protocol.types';
import { decodeOwnTracks } from './owntracks.decoder';
import { encodeOwnTracks } from './owntracks.encoder';
import { ownTracksProtocol } from './owntracks.protocol';

const session = testSession({ protocol: 'owntracks', transport: 'http' });
const post = (body: unknown, url = '/'): HttpRequestFrame => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('owntracks decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(ownTracksProtocol, loadVectors('owntracks'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('owntracks decoder', () => {
  it('reads an Android location with velocity in km/h, course, battery state and the tracker id', () => {
    const result = decodeOwnTracks(
      post({
        _type: 'location',
        tid: 'ne',
        tst: 1700000000,
        lat: -33.8688,
        lon: 151.2093,
        vel: 100,
        cog: 90,
        alt: 12,
        acc: 8,
        batt: 80,
        bs: 2,
        t: 'p',
        conn: 'm',
      }),
      session,
    );
    expect(result.uniqueId).toBe('ne');
    expect(result.ack).toEqual({ status: 200 });
    expect(result.messages[0]).toMatchObject({
      fixTime: '2023-11-14T22:13:20.000Z',
      valid: true,
      outdated: false,
      latitude: -33.8688,
      course: 90,
      altitude: 12,
      accuracy: 8,
    });
    expect(result.messages[0]?.speed).toBeCloseTo(53.9957, 4);
    expect(result.messages[0]?.attributes).toEqual({ event: 'p', batteryLevel: 80, charge: true });
  });

  it('reads a region transition as a geofence alarm', () => {
    const result = decodeOwnTracks(
      post({
        _type: 'transition',
        tid: 'JP',
        tst: 1427634603,
        lat: 12.34,
        lon: 44.5,
        acc: 130,
        event: 'enter',
        desc: 'home',
        t: 'c',
      }),
      session,
    );
    expect(result.messages[0]?.attributes).toEqual({ event: 'c', alarm: 'geofenceEnter' });
    expect(result.messages[0]?.accuracy).toBe(130);
  });

  it('takes the device from the request path when the message names none', () => {
    const result = decodeOwnTracks(
      post({ _type: 'location', tst: 1, lat: 1, lon: 2, bs: 1 }, '/pub/alice%2Fphone'),
      session,
    );
    expect(result.uniqueId).toBe('alice/phone');
    expect(result.messages[0]?.attributes).toEqual({ charge: false });
  });

  it('answers other message types with 200 and no position', () => {
    for (const body of [{ _type: 'lwt', tst: 1 }, { _type: 'status' }, { _type: 'card', name: 'x' }, { lat: 1 }]) {
      expect(decodeOwnTracks(post(body), session)).toEqual({ messages: [], ack: { status: 200 } });
    }
  });

  it('refuses malformed requests (the listener answers 400)', () => {
    expect(() => decodeOwnTracks(post('{"_type":'), session)).toThrow();
    expect(() => decodeOwnTracks(post('[1,2]'), session)).toThrow('object');
    expect(() => decodeOwnTracks(post({ _type: 'location', tid: 'a', lat: 1, lon: 2 }), session)).toThrow('tst');
    expect(() => decodeOwnTracks(post({ _type: 'location', tid: 'a', tst: 1, lat: '1', lon: 2 }), session)).toThrow(
      'lat',
    );
    expect(() => decodeOwnTracks(post({ _type: 'location', tid: 'a', tst: 1, lat: 91, lon: 2 }), session)).toThrow(
      'range',
    );
    expect(() => decodeOwnTracks(post({ _type: 'location', tst: 1, lat: 1, lon: 2 }), session)).toThrow('device');
  });

  it('survives 200 mutations of every vector body (throws only Errors)', () => {
    const random = seededRandom(5144);
    let mutants = 0;
    for (const vector of loadVectors('owntracks')) {
      const frame = httpFrameOf(vector);
      for (const body of mutations(frame.body, 200, random)) {
        mutants += 1;
        try {
          decodeOwnTracks({ ...frame, body }, session);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }
    }
    expect(mutants).toBe(200 * loadVectors('owntracks').length);
  });
});

describe('owntracks encoder', () => {
  const command = (type: string, attributes: Record<string, string> = {}) =>
    encodeOwnTracks({ id: '1', uniqueId: 'JJ', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);

  it('asks for a location with a reportLocation cmd, and sends custom JSON as is', () => {
    expect(command('positionSingle')).toBe('[{"_type":"cmd","action":"reportLocation"}]');
    expect(command('custom', { data: '[{"_type":"cmd","action":"dump"}]' })).toBe('[{"_type":"cmd","action":"dump"}]');
    expect(command('custom')).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
