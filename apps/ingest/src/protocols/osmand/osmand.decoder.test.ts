import { describe, expect, it } from 'vitest';
import { expectSameAsTraccar, httpFrameOf, loadVectors, testSession } from '../../testing/traccar-vectors';
import type { HttpRequestFrame } from '../protocol.types';
import { decodeOsmand } from './osmand.decoder';
import { encodeOsmand } from './osmand.encoder';

const session = testSession({ protocol: 'osmand', transport: 'http' });

describe('osmand decoder: Traccar vectors', () => {
  for (const vector of loadVectors('osmand')) {
    it(`${vector.test} #${vector.index} decodes as Traccar did (${vector.traccar.result})`, () => {
      const result = decodeOsmand(httpFrameOf(vector), session);
      if (vector.traccar.result === 'null') {
        expect(result.messages).toEqual([]);
        expect(result.ack).toEqual({ status: 400 });
        return;
      }
      expect(result.uniqueId).toBe(vector.traccar.uniqueIds[0]);
      expect(result.ack).toEqual({ status: 200 });
      expect(result.messages).toHaveLength(vector.traccar.positions.length);
      vector.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${vector.index}`);
      });
    });
  }
});

const get = (url: string): HttpRequestFrame => ({ method: 'GET', url, headers: {}, body: Buffer.alloc(0) });

describe('osmand decoder', () => {
  it('keeps speed in knots as sent, course, accuracy and battery', () => {
    const url =
      '/?id=dev1&lat=60.5&lon=30.25&timestamp=1377177267&speed=12.5&bearing=270&altitude=100&accuracy=8&batt=77';
    const [position] = decodeOsmand(get(url), session).messages;
    expect(position).toMatchObject({ speed: 12.5, course: 270, altitude: 100, accuracy: 8, latitude: 60.5 });
    expect(position?.attributes).toEqual({ batteryLevel: 77 });
  });

  it('reads a form-encoded POST body when the URL has no query', () => {
    const frame: HttpRequestFrame = {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('id=dev2&lat=1.5&lon=2.5&timestamp=2025-01-02%2003:04:05&ignition=true&driverUniqueId=D7'),
    };
    const result = decodeOsmand(frame, session);
    expect(result.uniqueId).toBe('dev2');
    expect(result.messages[0]).toMatchObject({ fixTime: '2025-01-02T03:04:05.000Z', latitude: 1.5 });
    expect(result.messages[0]?.attributes).toEqual({ ignition: true, driverUniqueId: 'D7' });
  });

  it('converts the JSON form speed from m/s to knots and ignores unknown values (-1)', () => {
    const body = JSON.stringify({
      device_id: 'dev3',
      location: {
        timestamp: '2025-06-15T13:45:12.862Z',
        coords: { latitude: 1, longitude: 2, speed: 10, heading: 90, altitude: 3, accuracy: 4 },
        battery: { level: 0.5, is_charging: true },
        extras: { trip: 4, note: 'x', nested: { no: 1 } },
      },
    });
    const frame: HttpRequestFrame = {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(body),
    };
    const [position] = decodeOsmand(frame, session).messages;
    expect(position?.speed).toBeCloseTo(19.43844, 4);
    expect(position?.course).toBe(90);
    expect(position?.attributes).toEqual({ batteryLevel: 50, charge: true, trip: 4, note: 'x' });
  });

  it('refuses malformed requests (the listener answers 400)', () => {
    expect(() => decodeOsmand(get('/?id=1&lat=abc&lon=1'), session)).toThrow('lat');
    expect(() => decodeOsmand(get('/?id=1&lat=95&lon=1'), session)).toThrow('range');
    expect(() => decodeOsmand(get('/?id=1&timestamp=soon'), session)).toThrow('timestamp');
    expect(() => decodeOsmand(get('/?id=1&cell=1,2'), session)).toThrow('cell');
    const json = (text: string): HttpRequestFrame => ({
      ...get('/'),
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(text),
    });
    expect(() => decodeOsmand(json('{"device_id":'), session)).toThrow();
    expect(() => decodeOsmand(json('{"location":{}}'), session)).toThrow('device_id');
    expect(decodeOsmand(get('/?lat=1&lon=2'), session)).toEqual({ messages: [], ack: { status: 400 } });
  });
});

describe('osmand encoder', () => {
  it('sends the data of a custom command and nothing else', () => {
    const command = { id: '1', uniqueId: 'd', createdAt: '2025-01-01T00:00:00.000Z' };
    expect(encodeOsmand({ ...command, type: 'custom', attributes: { data: 'interval=30' } }, session)).toBe(
      'interval=30',
    );
    expect(encodeOsmand({ ...command, type: 'engineStop', attributes: {} }, session)).toBeNull();
  });
});
