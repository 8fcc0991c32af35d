import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { telegramChannel } from './telegram';
import { DeliveryError } from './types';

let provider: CaptureServer;
beforeAll(async () => {
  provider = await startCaptureServer();
});
afterAll(() => provider.close());
beforeEach(() => {
  provider.requests.length = 0;
  provider.answers.length = 0;
});

describe('telegram', () => {
  it('calls sendMessage of the bot with the chat id; a refusal names no token', async () => {
    const ctx = envContext({ WAYMARK_TELEGRAM_TOKEN: '123:SECRET', WAYMARK_TELEGRAM_URL: provider.url });
    await telegramChannel.send(ctx, sampleDelivery({ attributes: { telegramChatId: '-100200' } }));
    expect(provider.requests[0]).toMatchObject({
      method: 'POST',
      url: '/bot123:SECRET/sendMessage',
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
    expect(JSON.parse(provider.requests[0]?.body ?? '')).toEqual({
      chat_id: '-100200',
      text: 'Van 1 entered Depot at 2026-11-21 10:00:00 UTC',
    });
    provider.answers.push({ status: 401, body: '{"ok":false,"description":"Unauthorized"}' });
    const err = await telegramChannel
      .send(ctx, sampleDelivery({ attributes: { telegramChatId: '1' } }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).message).toMatch(/^telegram answered 401/);
    expect((err as DeliveryError).message).not.toContain('SECRET');
    expect((err as DeliveryError).retryable).toBe(false);
  });
});
