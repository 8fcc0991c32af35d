import {
  billingStatsSchema,
  checkoutSchema,
  expiredSchema,
  extendInputSchema,
  extendResultSchema,
  invoiceQuerySchema,
  invoiceSchema,
  paymentCallbackQuerySchema,
  paymentConfirmationSchema,
} from '@waymark/contracts/billing';
import { dataSchema, idParamsSchema, pageSchema } from '@waymark/contracts/common';
import type { Permission } from '@waymark/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { runBillingNow } from './billing-run.service';
import { billingStats } from './billing-stats.service';
import { extendExpiry, listExpired } from './expired.service';
import { getInvoiceDto, invoicePdf, listInvoices, payInvoice } from './invoices.service';
import { confirmPayment, startCheckout } from './payment.service';

/** Tenants' staff see and pay their tenants' invoices online; platform staff mark paid and extend. */
const READ: Permission[] = ['ADMIN_ACCOUNT', 'VIEW_TENANT'];
const STAFF: Permission[] = ['ADMIN_ACCOUNT'];
const one = { 200: dataSchema(invoiceSchema) };

/** /api/v2/billing: invoices (PDF, manual and online payment), expiries and their extension, statistics. */
export const billingV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/billing/invoice',
    {
      config: { permissions: READ },
      schema: { querystring: invoiceQuerySchema, response: { 200: dataSchema(pageSchema(invoiceSchema)) } },
    },
    async (req) => data(await listInvoices(caller(req), req.query)),
  );

  app.get(
    '/billing/invoice/:id',
    { config: { permissions: READ }, schema: { params: idParamsSchema, response: one } },
    async (req) => data(await getInvoiceDto(caller(req), req.params.id)),
  );

  app.get(
    '/billing/invoice/:id/pdf',
    { config: { permissions: READ }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      const { number, pdf } = await invoicePdf(ctx, caller(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/billing/invoice/:id/pay',
    { config: { permissions: STAFF }, schema: { params: idParamsSchema, response: one } },
    async (req) => data(await payInvoice(ctx, caller(req), req.params.id)),
  );

  app.post(
    '/billing/invoice/:id/checkout',
    {
      config: { permissions: READ },
      schema: { params: idParamsSchema, response: { 200: dataSchema(checkoutSchema) } },
    },
    async (req) => data({ url: await startCheckout(ctx, caller(req), req.params.id) }),
  );

  // The payer's return from the payment provider, relayed by the web app's public success page.
  app.get(
    '/payment/callback',
    {
      config: { auth: 'public' },
      schema: { querystring: paymentCallbackQuerySchema, response: { 200: dataSchema(paymentConfirmationSchema) } },
    },
    async (req) => data(await confirmPayment(ctx, req.query)),
  );

  app.get(
    '/billing/expired',
    { config: { permissions: READ }, schema: { response: { 200: dataSchema(expiredSchema) } } },
    async (req) => data(await listExpired(caller(req))),
  );

  app.post(
    '/billing/cycle',
    {
      config: { permissions: STAFF },
      schema: { response: { 200: dataSchema(z.object({ issued: z.number().int(), overdue: z.number().int() })) } },
    },
    async (req) => data(await runBillingNow(ctx, caller(req))),
  );

  app.post(
    '/billing/expired/extend',
    {
      config: { permissions: STAFF },
      schema: { body: extendInputSchema, response: { 200: dataSchema(extendResultSchema) } },
    },
    async (req) => data(await extendExpiry(ctx, caller(req), req.body)),
  );

  app.get(
    '/billing/stats',
    {
      config: { permissions: READ },
      schema: {
        querystring: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }),
        response: { 200: dataSchema(billingStatsSchema) },
      },
    },
    async (req) => data(await billingStats(caller(req), req.query.months)),
  );
};
