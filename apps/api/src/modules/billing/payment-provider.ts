import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';
import { publicUrl } from '../../env';

/** What a provider needs to open a checkout for an invoice. */
export interface CheckoutInvoice {
  id: number;
  number: string;
  amountCents: number;
  currency: string;
  description: string;
}

/** An online payment provider: a hosted checkout page, and the signed return that proves the payment. */
export interface PaymentProvider {
  /** opens a checkout session; the URL to send the payer to */
  createCheckout(invoice: CheckoutInvoice): Promise<string>;
  /** the number of the invoice a genuine "paid" return is about, or null when the return is forged or not paid */
  verifyCallback(params: Record<string, string>): string | null;
}

export class PaymentProviderError extends Error {}

/** Where the provider sends the payer back: the web app's public page, which confirms through the API. */
export const PAYMENT_RETURN_PATH = '/register/payment/success';

/** HMAC-SHA256 of the returned fields, hex: what the provider signs its return with. */
export function signReturn(secret: string, invoice: string, session: string, status: string): string {
  return createHmac('sha256', secret).update(`${invoice}.${session}.${status}`).digest('hex');
}

/**
 * A hosted-checkout provider in Stripe Checkout's shape: POST <base>/v1/checkout/sessions with the secret key as a
 * Bearer token and the invoice number as idempotency key answers `{ id, url }`; after payment the payer returns
 * to `success_url` with `invoice`, `session`, `status` and `signature` (signReturn with the signing secret).
 */
export class HostedCheckoutProvider implements PaymentProvider {
  constructor(
    private readonly options: { baseUrl: string; apiKey: string; signingSecret: string; returnBase: string },
  ) {}

  async createCheckout(invoice: CheckoutInvoice): Promise<string> {
    const base = this.options.baseUrl.replace(/\/$/, '');
    let res: Response;
    try {
      res = await fetch(`${base}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': invoice.number,
        },
        body: JSON.stringify({
          mode: 'payment',
          client_reference_id: invoice.number,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: invoice.currency.toLowerCase(),
                unit_amount: invoice.amountCents,
                product_data: { name: invoice.description },
              },
            },
          ],
          success_url: `${this.options.returnBase}${PAYMENT_RETURN_PATH}`,
          cancel_url: `${this.options.returnBase}/admin/billing/invoices`,
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new PaymentProviderError('The payment provider cannot be reached');
    }
    if (!res.ok) throw new PaymentProviderError(`The payment provider refused the checkout (HTTP ${res.status})`);
    const body = (await res.json().catch(() => null)) as { url?: unknown } | null;
    if (typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url)) {
      throw new PaymentProviderError('The payment provider answered without a checkout URL');
    }
    return body.url;
  }

  verifyCallback(params: Record<string, string>): string | null {
    const { invoice, session, status, signature } = params;
    if (!invoice || !session || !status || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return null;
    const expected = Buffer.from(signReturn(this.options.signingSecret, invoice, session, status), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
    return status === 'paid' ? invoice : null;
  }
}

/** The provider configured by WAYMARK_PAYMENT_* (null: online payment is off). */
export function paymentProviderOf(env: Env): PaymentProvider | null {
  if (!env.WAYMARK_PAYMENT_URL || !env.WAYMARK_PAYMENT_KEY || !env.WAYMARK_PAYMENT_SECRET) return null;
  return new HostedCheckoutProvider({
    baseUrl: env.WAYMARK_PAYMENT_URL,
    apiKey: env.WAYMARK_PAYMENT_KEY,
    signingSecret: env.WAYMARK_PAYMENT_SECRET,
    returnBase: publicUrl(env),
  });
}
