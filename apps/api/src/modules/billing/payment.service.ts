import type { PaymentCallbackQuery } from '@waymark/contracts/billing';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { checkPayable, getInvoice } from './invoices.service';
import { PaymentProviderError, paymentProviderOf } from './payment-provider';

export const PAYMENT_OFF_MESSAGE = 'Online payment is not configured on this server';

/** Opens a checkout for an issued or overdue invoice of the caller's tenants; the URL to pay it at. */
export async function startCheckout(ctx: AppContext, auth: AuthContext, id: number): Promise<string> {
  await checkNotReadonly(ctx, auth);
  const invoice = await getInvoice(auth, id);
  checkPayable(invoice);
  const provider = paymentProviderOf(ctx.env);
  if (!provider) throw conflict(PAYMENT_OFF_MESSAGE);
  try {
    const url = await provider.createCheckout({
      id: invoice.id,
      number: invoice.number,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      description: `Invoice ${invoice.number}${invoice.subscription ? ` (${invoice.subscription.name})` : ''}`,
    });
    await audit(ctx, {
      action: 'invoice.checkout',
      userId: auth.user.id,
      tenantId: invoice.tenantId,
      objectType: 'invoice',
      objectId: id,
    });
    return url;
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new HttpError(502, err.message);
    throw err;
  }
}

/**
 * The payer's return from the provider: the signature is checked, then the invoice is marked paid. Returning
 * twice (a reload of the success page) finds it paid already and answers the same.
 */
export async function confirmPayment(ctx: AppContext, query: PaymentCallbackQuery) {
  const provider = paymentProviderOf(ctx.env);
  if (!provider) throw conflict(PAYMENT_OFF_MESSAGE);
  const number = provider.verifyCallback(query);
  if (!number) throw badRequest('The payment confirmation is not valid');
  const invoice = await ctx.db.invoice.findUnique({ where: { number } });
  if (!invoice) throw badRequest('The payment confirmation is not valid');
  if (invoice.status === 'ISSUED' || invoice.status === 'OVERDUE') {
    const paidAt = new Date();
    const { count } = await ctx.db.invoice.updateMany({
      where: { id: invoice.id, status: { in: ['ISSUED', 'OVERDUE'] } },
      data: { status: 'PAID', paidAt },
    });
    if (count === 1) {
      await audit(ctx, {
        action: 'invoice.paid',
        tenantId: invoice.tenantId,
        objectType: 'invoice',
        objectId: invoice.id,
        details: { by: 'provider', session: query.session },
      });
    }
  }
  const paid = await ctx.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
  if (paid.status !== 'PAID') throw conflict(`Invoice ${paid.number} is ${paid.status.toLowerCase()}`);
  return {
    number: paid.number,
    status: paid.status,
    amountCents: paid.amountCents,
    currency: paid.currency,
    paidAt: paid.paidAt?.toISOString() ?? null,
  };
}
