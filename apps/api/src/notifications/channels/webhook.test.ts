import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { webhookChannel } from './webhook';
import { isPrivateAddress, webhookUrlProblem } from './webhook-address';

let provider: CaptureServer;
beforeAll(async () => {
  provider = await startCaptureServer();
});
afterAll(() => provider.close());
beforeEach(() => {
  provider.requests.length = 0;
  provider.answers.length = 0;
});

/** the stand-in provider listens on 127.0.0.1: reachable only where the server allows private targets */
const allowPrivate = { WAYMARK_WEBHOOK_ALLOW_PRIVATE: 'true' };

describe('webhook', () => {
  it("posts {event, device} to the rule's URL before the server default", async () => {
    const ctx = envContext({ ...allowPrivate, WAYMARK_WEBHOOK_URL: `${provider.url}/default` });
    const d = sampleDelivery(
      {},
      { id: 1, commandId: null, authorId: null, attributes: { webhookUrl: `${provider.url}/rule` } },
    );
    await webhookChannel.send(ctx, d);
    await webhookChannel.send(ctx, sampleDelivery());
    expect(provider.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /rule', 'POST /default']);
    expect(provider.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(provider.requests[0]?.body ?? '')).toEqual({ event: d.event, device: null });
  });

  it('refuses a loopback target by default, for good, and sends nothing', async () => {
    const ctx = envContext({});
    for (const url of [`${provider.url}/rule`, provider.url.replace('127.0.0.1', 'localhost')]) {
      const d = sampleDelivery({}, { id: 1, commandId: null, authorId: null, attributes: { webhookUrl: url } });
      await expect(webhookChannel.send(ctx, d)).rejects.toMatchObject({ retryable: false });
    }
    const fallback = envContext({ WAYMARK_WEBHOOK_URL: `${provider.url}/default` });
    await expect(webhookChannel.send(fallback, sampleDelivery())).rejects.toMatchObject({ retryable: false });
    expect(provider.requests).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    const ctx = envContext(allowPrivate);
    provider.answers.push({ status: 302, body: '', location: `${provider.url}/inside` });
    const d = sampleDelivery(
      {},
      { id: 1, commandId: null, authorId: null, attributes: { webhookUrl: `${provider.url}/rule` } },
    );
    await expect(webhookChannel.send(ctx, d)).rejects.toMatchObject({ message: 'the webhook answered 302' });
    expect(provider.requests.map((r) => r.url)).toEqual(['/rule']);
  });
});

describe('webhook addresses', () => {
  it('refuses private, loopback, link-local, CGNAT and metadata addresses in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '[::ffff:10.0.0.1]',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('checks the URL: scheme, credentials, literal and resolved hosts, unless private targets are allowed', async () => {
    expect(await webhookUrlProblem('ftp://example.test/', false)).toMatch(/http/);
    expect(await webhookUrlProblem('http://user:pw@8.8.8.8/', false)).toMatch(/credentials/);
    expect(await webhookUrlProblem('http://169.254.169.254/latest/meta-data', false)).toMatch(/private/);
    expect(await webhookUrlProblem('http://[::ffff:169.254.169.254]/', false)).toMatch(/private/);
    expect(await webhookUrlProblem('http://localhost:8080/', false)).toMatch(/private/);
    expect(await webhookUrlProblem('http://8.8.8.8/hook', false)).toBeNull();
    expect(await webhookUrlProblem('http://localhost:8080/', true)).toBeNull();
  });
});
