import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { trackerHost } from './onboarding.service';

describe('trackerHost', () => {
  it('prefers WAYMARK_TRACKER_HOST, then the public URL’s host, else leaves it to the browser', () => {
    expect(
      trackerHost(loadEnv({ WAYMARK_TRACKER_HOST: 'gps.example.test', WAYMARK_PUBLIC_URL: 'https://a.test' })),
    ).toBe('gps.example.test');
    expect(trackerHost(loadEnv({ WAYMARK_PUBLIC_URL: 'https://fleet.example.test:8443/app' }))).toBe(
      'fleet.example.test',
    );
    expect(trackerHost(loadEnv({}))).toBeNull();
  });

  it('refuses a tracker host with a scheme or a port, naming the variable', () => {
    expect(() => loadEnv({ WAYMARK_TRACKER_HOST: 'https://gps.example.test' })).toThrow(/WAYMARK_TRACKER_HOST/);
    expect(() => loadEnv({ WAYMARK_TRACKER_HOST: 'gps.example.test:5023' })).toThrow(/WAYMARK_TRACKER_HOST/);
  });
});
