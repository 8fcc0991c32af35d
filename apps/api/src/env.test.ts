import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8082,
      HOST: '0.0.0.0',
      WAYMARK_DATA_DIR: '.waymark',
      SMTP_PORT: 587,
      OIDC_FORCE: false,
      OIDC_TRUST_MFA: false,
      WAYMARK_TRUST_PROXY: false,
      WAYMARK_REDIS_PREFIX: 'waymark:',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ WAYMARK_REDIS_PREFIX: 'two words' }, 'WAYMARK_REDIS_PREFIX'],
    [{ WAYMARK_JWT_SECRET: 'short' }, 'WAYMARK_JWT_SECRET'],
    [{ SMTP_SECURE: 'maybe' }, 'SMTP_SECURE'],
    [{ OIDC_ISSUER: 'https://id.example.test' }, 'OIDC_CLIENT_ID'],
    [{ WAYMARK_LOG_LEVEL: 'loud' }, 'WAYMARK_LOG_LEVEL'],
  ])('stops on a bad value and names the variable: %o', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ REDIS_URL: '', DATABASE_URL: ' ', PORT: '' });
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(8082);
  });

  it('parses booleans and numbers from strings', () => {
    const env = loadEnv({ SMTP_SECURE: 'true', OIDC_TRUST_MFA: '1', PORT: '9000', SMTP_HOST: ' ' });
    expect(env).toMatchObject({ SMTP_SECURE: true, OIDC_TRUST_MFA: true, PORT: 9000 });
    expect(env.SMTP_HOST).toBeUndefined();
  });

  it('trusts X-Forwarded-For only from the listed proxies, never from everybody', () => {
    expect(loadEnv({ WAYMARK_TRUST_PROXY: 'false' }).WAYMARK_TRUST_PROXY).toBe(false);
    expect(loadEnv({ WAYMARK_TRUST_PROXY: ' 10.0.0.5, 172.16.0.0/12,::1 ,fd00::/8' }).WAYMARK_TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
    ]);
    for (const everybody of ['true', '1', 'yes', '*']) {
      expect(() => loadEnv({ WAYMARK_TRUST_PROXY: everybody })).toThrow(/WAYMARK_TRUST_PROXY: list the addresses/);
    }
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', ',']) {
      expect(() => loadEnv({ WAYMARK_TRUST_PROXY: bad })).toThrow(/WAYMARK_TRUST_PROXY: not an IP address/);
    }
  });

  it('reads further allowed origins as exact origins, refusing paths and other schemes', () => {
    expect(loadEnv({}).WAYMARK_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadEnv({ WAYMARK_ALLOWED_ORIGINS: ' https://GPS.example.org/ ,http://10.0.0.7:8080,' }).WAYMARK_ALLOWED_ORIGINS,
    ).toEqual(['https://gps.example.org', 'http://10.0.0.7:8080']);
    for (const bad of ['gps.example.org', 'https://gps.example.org/app', 'ftp://gps.example.org', 'https://a@b.org']) {
      expect(() => loadEnv({ WAYMARK_ALLOWED_ORIGINS: bad })).toThrow(/WAYMARK_ALLOWED_ORIGINS: not an origin/);
    }
  });
});
