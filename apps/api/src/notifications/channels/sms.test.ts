import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { smsChannel } from './sms';

let provider: CaptureServer;
beforeAll(async () => {
  provider = await startCaptureServer();
});
afterAll(() => provider.close());
beforeEach(() => {
  provider.requests.length = 0;
  provider.answers.length = 0;
});

describe('sms', () => {
  it('posts the JSON template with phone and message filled in and escaped', async () => {
    const ctx = envContext({ WAYMARK_SMS_URL: `${provider.url}/send`, WAYMARK_SMS_AUTHORIZATION: 'Key abc' });
    const d = sampleDelivery({ phone: '+30 210 555' });
    d.message.short = 'Van "1" left';
    await smsChannel.send(ctx, d);
    expect(provider.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/send',
        body: '{"to":"+30 210 555","message":"Van \\"1\\" left"}',
        headers: expect.objectContaining({ 'content-type': 'application/json', authorization: 'Key abc' }),
      }),
    ]);
    expect(JSON.parse(provider.requests[0]?.body ?? '')).toEqual({ to: '+30 210 555', message: 'Van "1" left' });
  });

  it('form-encodes a form template, and is offered only with a URL', async () => {
    const ctx = envContext({
      WAYMARK_SMS_URL: `${provider.url}/form`,
      WAYMARK_SMS_FORMAT: 'form',
      WAYMARK_SMS_TEMPLATE: 'number={phone}&text={message}',
    });
    await smsChannel.send(ctx, sampleDelivery({ phone: '+33 6' }));
    expect(provider.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(provider.requests[0]?.body);
    expect(form.get('number')).toBe('+33 6');
    expect(form.get('text')).toBe('Van 1 entered Depot at 2026-11-21 10:00:00 UTC');
    expect(smsChannel.configured(envContext({}).env)).toBe(false);
    await expect(smsChannel.send(ctx, sampleDelivery({ phone: null }))).rejects.toMatchObject({ retryable: false });
  });
});
