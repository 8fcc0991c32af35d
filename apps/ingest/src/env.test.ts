import { describe, expect, it } from 'vitest';
import { ConfigError, loadIngestEnv } from './env';

const available = ['osmand', 'gt06'];

describe('loadIngestEnv', () => {
  it('defaults to every registered protocol on 0.0.0.0', () => {
    const env = loadIngestEnv({}, available);
    expect(env).toMatchObject({ protocols: available, portOverrides: {}, host: '0.0.0.0', redisUrl: undefined });
    expect(env.nodeId).toMatch(/-\d+$/);
  });

  it('reads protocols, port overrides, host, Redis and node id', () => {
    const env = loadIngestEnv(
      {
        WAYMARK_PROTOCOLS: ' OsmAnd , gt06,',
        WAYMARK_PORT_OSMAND: '15055',
        WAYMARK_PORT_GT06: '0',
        WAYMARK_INGEST_HOST: '127.0.0.1',
        REDIS_URL: 'redis://127.0.0.1:6379',
        WAYMARK_NODE_ID: 'ingest-1',
        WAYMARK_REDIS_PREFIX: 'fleet-b:',
        WAYMARK_PORT_UNUSED_BY_US: '',
      },
      available,
    );
    expect(env).toMatchObject({
      protocols: ['osmand', 'gt06'],
      portOverrides: { osmand: 15055, gt06: 0 },
      host: '127.0.0.1',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'fleet-b:',
      nodeId: 'ingest-1',
    });
  });

  it.each([
    [{ WAYMARK_PROTOCOLS: 'osmand,nope' }, /^WAYMARK_PROTOCOLS: unknown protocol "nope"/],
    [{ WAYMARK_PORT_OSMAND: 'abc' }, /^WAYMARK_PORT_OSMAND: expected a port number/],
    [{ WAYMARK_PORT_OSMAND: '70000' }, /^WAYMARK_PORT_OSMAND: expected a port number 0-65535/],
    [{ WAYMARK_PORT_OSMAND: '50.5' }, /^WAYMARK_PORT_OSMAND: expected a whole port number/],
    [{ WAYMARK_PORT_TELTONIKA: '5027' }, /^WAYMARK_PORT_TELTONIKA: unknown protocol "teltonika"/],
    [{ REDIS_URL: 'localhost:6379' }, /^REDIS_URL: expected redis:\/\//],
    [{ WAYMARK_NODE_ID: 'a b' }, /^WAYMARK_NODE_ID: /],
    [{ WAYMARK_REDIS_PREFIX: 'a*b' }, /^WAYMARK_REDIS_PREFIX: /],
    [{ WAYMARK_LOG_LEVEL: 'loud' }, /^WAYMARK_LOG_LEVEL: /],
  ])('stops on a bad value, naming the variable: %o', (env, message) => {
    expect(() => loadIngestEnv(env, available)).toThrow(ConfigError);
    expect(() => loadIngestEnv(env, available)).toThrow(message);
  });

  it('never echoes a Redis URL with a password in its error', () => {
    expect(() => loadIngestEnv({ REDIS_URL: 'redis://:secret@host:6379 x' }, available)).toThrow(ConfigError);
    expect(() => loadIngestEnv({ REDIS_URL: 'redis://:secret@host:6379 x' }, available)).not.toThrow(/secret/);
  });

  it('caps connections globally: 20000 by default, 0 for no limit, a bad value names the variable', () => {
    expect(loadIngestEnv({}, available).maxConnections).toBe(20_000);
    expect(loadIngestEnv({ WAYMARK_INGEST_MAX_CONNECTIONS: '0' }, available).maxConnections).toBe(0);
    expect(loadIngestEnv({ WAYMARK_INGEST_MAX_CONNECTIONS: '500' }, available).maxConnections).toBe(500);
    for (const bad of ['-1', 'many', '1.5']) {
      expect(() => loadIngestEnv({ WAYMARK_INGEST_MAX_CONNECTIONS: bad }, available)).toThrow(
        /^WAYMARK_INGEST_MAX_CONNECTIONS: /,
      );
    }
  });

  it('records the device log unless WAYMARK_DEVICE_LOG=off', () => {
    expect(loadIngestEnv({}, available).deviceLog).toBe(true);
    expect(loadIngestEnv({ WAYMARK_DEVICE_LOG: 'off' }, available).deviceLog).toBe(false);
    expect(() => loadIngestEnv({ WAYMARK_DEVICE_LOG: 'maybe' }, available)).toThrow(
      /^WAYMARK_DEVICE_LOG: expected on or off/,
    );
  });
});
