import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../jobs/billing-cycle';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    WAYMARK_BILLING_ISSUER_NAME: 'Fleet Billing SA',
    WAYMARK_BILLING_ISSUER_ADDRESS: '12 Harbour Road | 18531 Piraeus',
    WAYMARK_BILLING_ISSUER_TAX_ID: 'EL123456789',
    WAYMARK_BILLING_ISSUER_EMAIL: 'billing@fleet.example',
  });
});
afterAll(() => t.close());

/** An invoice of February 2026 for two devices at 12.50 EUR, and a reader of it in `language`. */
async function invoiceFor(language?: string) {
  const plan = await t.ctx.db.subscription.create({
    data: { name: `Plan ${Math.random()}`, priceCents: 1250, currency: 'EUR' },
  });
  const tenant = await buildTenant(t.ctx.db, { subscriptionId: plan.id });
  for (let i = 0; i < 2; i++) {
    await t.ctx.db.device.create({ data: { name: `d${i}`, uniqueId: `pdf-${tenant.id}-${i}`, tenantId: tenant.id } });
  }
  await runBillingCycle(t.ctx.db, new Date('2026-02-03T00:00:00Z'));
  const invoice = await t.ctx.db.invoice.findFirstOrThrow({ where: { tenantId: tenant.id } });
  const reader = await buildUser(t.ctx.db, {
    tenantId: tenant.id,
    permissions: ['VIEW_TENANT'],
    attributes: language ? { language } : {},
  });
  const { authorization } = await signIn(t.app, reader.email);
  return { invoice, authorization };
}

async function pdfText(id: number, authorization: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/billing/invoice/${id}/pdf`,
    headers: { authorization },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('GET /api/v2/billing/invoice/:id/pdf', () => {
  it("is written in the reader's language (Greek), dates and amounts formatted for it", async () => {
    const { invoice, authorization } = await invoiceFor('el');
    const text = await pdfText(invoice.id, authorization);
    expect(text).toContain(`Τιμολόγιο ${invoice.number}`);
    for (const label of ['Χρέωση σε', 'Περίοδος', 'Κατάσταση: Εκδόθηκε', 'Περιγραφή', 'Τιμή μονάδας', 'Σύνολο']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('1 Φεβρουαρίου 2026');
    expect(text).toMatch(/Σύνολο: 25,00\s€/);
    expect(text).not.toContain('Invoice');
  });

  it('falls back to English for a language without texts, and heads the PDF with the configured issuer', async () => {
    const { invoice, authorization } = await invoiceFor('de');
    const text = await pdfText(invoice.id, authorization);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('1 February 2026');
    expect(text).toContain('Total: €25.00');
    for (const part of ['Fleet Billing SA', '12 Harbour Road', '18531 Piraeus', 'VAT ID: EL123456789']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('billing@fleet.example');
  });

  it("takes the issuer from the server's attributes over the environment", async () => {
    await t.ctx.db.server.update({
      where: { id: 1 },
      data: { attributes: { billingIssuerName: 'Reseller Tracking Ltd', billingIssuerAddress: 'Line one\nLine two' } },
    });
    try {
      const { invoice, authorization } = await invoiceFor();
      const text = await pdfText(invoice.id, authorization);
      expect(text).toContain('Reseller Tracking Ltd');
      expect(text).toContain('Line one Line two');
      expect(text).not.toContain('Fleet Billing SA');
      expect(text).toContain('VAT ID: EL123456789');
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: {} } });
    }
  });
});
