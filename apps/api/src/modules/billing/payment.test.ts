import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../jobs/billing-cycle';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { signReturn } from './payment-provider';

const KEY = 'sk_test_stand_in_key_0123456789';
const SECRET = 'whsec_stand_in_signing_secret_0123456789';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in for the provider's API: keeps each request and answers a checkout session. */
let provider: Server;
const seen: Seen[] = [];
let t: TestApp;
let staff: string;

beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'cs_test_1', url: 'https://pay.example.test/c/cs_test_1' }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const port = (provider.address() as AddressInfo).port;
  t = await createTestApp({
    WAYMARK_PAYMENT_URL: `http://127.0.0.1:${port}`,
    WAYMARK_PAYMENT_KEY: KEY,
    WAYMARK_PAYMENT_SECRET: SECRET,
    WAYMARK_PUBLIC_URL: 'https://track.example.test',
  });
  const admin = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT'] });
  staff = (await signIn(t.app, admin.email)).authorization;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

async function invoice() {
  const plan = await t.ctx.db.subscription.create({ data: { name: `P ${Math.random()}`, priceCents: 999 } });
  const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
  await t.ctx.db.device.create({ data: { name: 'd', uniqueId: `pay-${tenant.id}`, tenantId: tenant.id } });
  await runBillingCycle(t.ctx.db);
  return t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } });
}

const callback = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v2/payment/callback?${new URLSearchParams(query)}` });

describe('online payment', () => {
  it('opens a checkout with the exact request the provider expects', async () => {
    const inv = await invoice();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/invoice/${inv.id}/checkout`,
      headers: { authorization: staff },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toBe('https://pay.example.test/c/cs_test_1');
    const req = seen.at(-1) as Seen;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['idempotency-key']).toBe(inv.number);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      mode: 'payment',
      client_reference_id: inv.number,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: 999,
            product_data: { name: expect.stringContaining(inv.number) },
          },
        },
      ],
      success_url: 'https://track.example.test/register/payment/success',
      cancel_url: 'https://track.example.test/admin/billing/invoices',
    });
  });

  it('marks the invoice paid on a signed return, once, and refuses forged or unpaid returns', async () => {
    const inv = await invoice();
    const base = { invoice: inv.number, session: 'cs_test_9', status: 'paid' };
    const forged = await callback({
      ...base,
      signature: signReturn('not-the-secret', inv.number, 'cs_test_9', 'paid'),
    });
    expect(forged.statusCode).toBe(400);
    const unpaid = await callback({
      ...base,
      status: 'canceled',
      signature: signReturn(SECRET, inv.number, 'cs_test_9', 'canceled'),
    });
    expect(unpaid.statusCode).toBe(400);
    expect((await t.ctx.db.invoice.findUniqueOrThrow({ where: { id: inv.id } })).status).toBe('ISSUED');

    const signature = signReturn(SECRET, inv.number, 'cs_test_9', 'paid');
    const first = await callback({ ...base, signature });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ number: inv.number, status: 'PAID', amountCents: 999 });
    const again = await callback({ ...base, signature });
    expect(again.json().data.paidAt).toBe(first.json().data.paidAt);
    const audits = await t.ctx.db.auditLog.count({ where: { action: 'invoice.paid', objectId: String(inv.id) } });
    expect(audits).toBe(1);
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/invoice/${inv.id}/checkout`,
      headers: { authorization: staff },
    });
    expect(checkout.statusCode).toBe(409);
  });

  it('answers 409 when no provider is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/v2/payment/callback?invoice=x&session=y&status=paid&signature=z',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Online payment is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});
