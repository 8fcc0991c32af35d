import type { AppContext } from '../../context';
import { serverAttributes } from '../../notifications/compose';

/** Who issues the invoices, as their PDFs head them. */
export interface Issuer {
  name: string;
  /** postal address, one line each */
  address: string[];
  taxId: string | null;
  email: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The issuer of invoices. Plans and the billing cycle belong to the platform, which bills every tenant itself
 * (an invoice carries no issuing tenant), so the issuer is the platform's: the server's attributes
 * billingIssuerName, billingIssuerAddress (lines split on new lines), billingIssuerTaxId and billingIssuerEmail,
 * which an administrator edits at run time, else the WAYMARK_BILLING_ISSUER_* variables, else plain "Waymark".
 */
export async function billingIssuer(ctx: AppContext): Promise<Issuer> {
  const a = await serverAttributes(ctx);
  const env = ctx.env;
  const address = text(a.billingIssuerAddress) ?? env.WAYMARK_BILLING_ISSUER_ADDRESS ?? '';
  return {
    name: text(a.billingIssuerName) ?? env.WAYMARK_BILLING_ISSUER_NAME,
    address: address
      .split(/\r?\n|\|/)
      .map((l) => l.trim())
      .filter(Boolean),
    taxId: text(a.billingIssuerTaxId) ?? env.WAYMARK_BILLING_ISSUER_TAX_ID ?? null,
    email: text(a.billingIssuerEmail) ?? env.WAYMARK_BILLING_ISSUER_EMAIL ?? null,
  };
}
