import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { pushoverChannel } from './pushover';

let provider: CaptureServer;
beforeAll(async () => {
  provider = await startCaptureServer();
});
afterAll(() => provider.close());
beforeEach(() => {
  provider.requests.length = 0;
  provider.answers.length = 0;
});

describe('pushover', () => {
  it('posts token, user key, title and message as a form', async () => {
    const ctx = envContext({ WAYMARK_PUSHOVER_TOKEN: 'apptoken', WAYMARK_PUSHOVER_URL: provider.url });
    await pushoverChannel.send(ctx, sampleDelivery({ attributes: { pushoverUserKey: 'ukey' } }));
    const req = provider.requests[0];
    expect(req).toMatchObject({ method: 'POST', url: '/1/messages.json' });
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      token: 'apptoken',
      user: 'ukey',
      title: 'Van 1 entered Depot',
      message: 'Van 1 entered Depot at 2026-11-21 10:00:00 UTC',
    });
  });

  it('marks a provider failure retryable (5xx)', async () => {
    const ctx = envContext({ WAYMARK_PUSHOVER_TOKEN: 'apptoken', WAYMARK_PUSHOVER_URL: provider.url });
    provider.answers.push({ status: 503, body: 'busy' });
    await expect(
      pushoverChannel.send(ctx, sampleDelivery({ attributes: { pushoverUserKey: 'ukey' } })),
    ).rejects.toMatchObject({ message: 'pushover answered 503: busy', retryable: true });
  });
});
