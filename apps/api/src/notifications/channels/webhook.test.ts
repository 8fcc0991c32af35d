import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { webhookChannel } from './webhook';

let provider: CaptureServer;
beforeAll(async () => {
  provider = await startCaptureServer();
});
afterAll(() => provider.close());
beforeEach(() => {
  provider.requests.length = 0;
  provider.answers.length = 0;
});

describe('webhook', () => {
  it("posts {event, device} to the rule's URL before the server default", async () => {
    const ctx = envContext({ WAYMARK_WEBHOOK_URL: `${provider.url}/default` });
    const d = sampleDelivery({}, { id: 1, commandId: null, attributes: { webhookUrl: `${provider.url}/rule` } });
    await webhookChannel.send(ctx, d);
    await webhookChannel.send(ctx, sampleDelivery());
    expect(provider.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /rule', 'POST /default']);
    expect(provider.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(provider.requests[0]?.body ?? '')).toEqual({ event: d.event, device: null });
  });
});
