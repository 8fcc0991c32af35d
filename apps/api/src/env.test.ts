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
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
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
    const env = loadEnv({ SMTP_SECURE: 'true', WAYMARK_TRUST_PROXY: '1', PORT: '9000', SMTP_HOST: ' ' });
    expect(env).toMatchObject({ SMTP_SECURE: true, WAYMARK_TRUST_PROXY: true, PORT: 9000 });
    expect(env.SMTP_HOST).toBeUndefined();
  });
});
