import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { HOOK_TEST_CERT, HOOK_TEST_KEY } from '../testing/hook-cert';
import { createWebhookChannel } from './webhook';
import type { ResolvedAddress } from './webhook-address';

// No internet here: the stand-in webhook host listens on 127.0.0.1, and the tests' address rule calls 127.0.0.1
// "public" and every other address (127.0.0.2 here) "private".
const isBlocked = (address: string) => address !== '127.0.0.1';
const PUBLIC: ResolvedAddress = { address: '127.0.0.1', family: 4 };
const PRIVATE: ResolvedAddress = { address: '127.0.0.2', family: 4 };

/** A resolver that gives `answers` in turn (the last one again after that), counting the questions. */
function resolver(...answers: ResolvedAddress[][]) {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    return answers[Math.min(asked.length, answers.length) - 1] ?? [];
  };
  return { asked, resolve };
}

let plain: CaptureServer;
let tls: CaptureServer;
beforeAll(async () => {
  plain = await startCaptureServer();
  tls = await startCaptureServer({ key: HOOK_TEST_KEY, cert: HOOK_TEST_CERT });
});
afterAll(async () => {
  await plain.close();
  await tls.close();
});

const port = (server: CaptureServer) => new URL(server.url).port;
const deliveryTo = (webhookUrl: string) =>
  sampleDelivery({}, { id: 1, commandId: null, authorId: null, attributes: { webhookUrl } });
const ctx = envContext({});

describe('webhook DNS pinning', () => {
  it('connects to the address it checked, even when the name resolves to a private one by then', async () => {
    const dns = resolver([PUBLIC], [PRIVATE]);
    const channel = createWebhookChannel({ resolve: dns.resolve, isBlocked });
    await channel.send(ctx, deliveryTo(`http://hook.test:${port(plain)}/rule`));
    expect(dns.asked).toEqual(['hook.test']);
    expect(plain.requests.map((r) => [r.method, r.url, r.headers.host])).toEqual([
      ['POST', '/rule', `hook.test:${port(plain)}`],
    ]);
  });

  it('refuses a name when any of its addresses is private, and sends nothing', async () => {
    const before = plain.requests.length;
    const dns = resolver([PUBLIC, PRIVATE]);
    const channel = createWebhookChannel({ resolve: dns.resolve, isBlocked });
    await expect(channel.send(ctx, deliveryTo(`http://hook.test:${port(plain)}/rule`))).rejects.toMatchObject({
      message: 'The webhook URL points to a private, loopback, link-local or reserved address',
      retryable: false,
    });
    expect(plain.requests.length).toBe(before);
  });

  it('over https keeps the host name for TLS: server name and certificate check', async () => {
    const dns = resolver([PUBLIC], [PRIVATE]);
    const url = `https://hook.test:${port(tls)}/secure`;
    await createWebhookChannel({ resolve: dns.resolve, isBlocked, tls: { ca: HOOK_TEST_CERT } }).send(
      ctx,
      deliveryTo(url),
    );
    expect(dns.asked).toEqual(['hook.test']);
    expect(tls.requests.map((r) => [r.url, r.headers.host, r.servername])).toEqual([
      ['/secure', `hook.test:${port(tls)}`, 'hook.test'],
    ]);
    // the certificate names hook.test, not the address connected to: a check against the address would fail
    const byAddress = createWebhookChannel({ tls: { ca: HOOK_TEST_CERT } });
    await expect(
      byAddress.send(envContext({ WAYMARK_WEBHOOK_ALLOW_PRIVATE: 'true' }), deliveryTo(`${tls.url}/secure`)),
    ).rejects.toMatchObject({ message: 'the webhook is unreachable' });
  });

  it('fails, rather than hangs, when the answer is cut before its end', async () => {
    const cutting = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    try {
      const { port: cut } = cutting.address() as AddressInfo;
      const channel = createWebhookChannel({ resolve: resolver([PUBLIC]).resolve, isBlocked });
      await expect(channel.send(ctx, deliveryTo(`http://hook.test:${cut}/rule`))).rejects.toMatchObject({
        message: 'the webhook is unreachable',
      });
    } finally {
      cutting.close();
    }
  });
});
