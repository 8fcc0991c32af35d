import adminAccountsEl from '../features/admin/accounts/locales/el.json';
import adminAccountsEn from '../features/admin/accounts/locales/en.json';
import adminAccountsFr from '../features/admin/accounts/locales/fr.json';
import adminBillingEl from '../features/admin/billing/locales/el.json';
import adminBillingEn from '../features/admin/billing/locales/en.json';
import adminBillingFr from '../features/admin/billing/locales/fr.json';
import adminCatalogueEl from '../features/admin/catalogue/locales/el.json';
import adminCatalogueEn from '../features/admin/catalogue/locales/en.json';
import adminCatalogueFr from '../features/admin/catalogue/locales/fr.json';
import adminForwardingEl from '../features/admin/forwarding/locales/el.json';
import adminForwardingEn from '../features/admin/forwarding/locales/en.json';
import adminForwardingFr from '../features/admin/forwarding/locales/fr.json';
import adminEl from '../features/admin/shared/locales/el.json';
import adminEn from '../features/admin/shared/locales/en.json';
import adminFr from '../features/admin/shared/locales/fr.json';
import adminStockEl from '../features/admin/stock/locales/el.json';
import adminStockEn from '../features/admin/stock/locales/en.json';
import adminStockFr from '../features/admin/stock/locales/fr.json';
import adminTenantsEl from '../features/admin/tenants/locales/el.json';
import adminTenantsEn from '../features/admin/tenants/locales/en.json';
import adminTenantsFr from '../features/admin/tenants/locales/fr.json';
import i18n from './i18n';

/**
 * The admin area's texts, one namespace per area. They load with the admin area's code (its layout, the pages
 * outside it that use them, the impersonation banner), not with the sign-in page: importing this module adds
 * them to i18next.
 */
export const adminResources = {
  en: {
    adminAccounts: adminAccountsEn,
    adminBilling: adminBillingEn,
    adminCatalogue: adminCatalogueEn,
    adminForwarding: adminForwardingEn,
    admin: adminEn,
    adminStock: adminStockEn,
    adminTenants: adminTenantsEn,
  },
  fr: {
    adminAccounts: adminAccountsFr,
    adminBilling: adminBillingFr,
    adminCatalogue: adminCatalogueFr,
    adminForwarding: adminForwardingFr,
    admin: adminFr,
    adminStock: adminStockFr,
    adminTenants: adminTenantsFr,
  },
  el: {
    adminAccounts: adminAccountsEl,
    adminBilling: adminBillingEl,
    adminCatalogue: adminCatalogueEl,
    adminForwarding: adminForwardingEl,
    admin: adminEl,
    adminStock: adminStockEl,
    adminTenants: adminTenantsEl,
  },
} as const;

for (const [language, bundles] of Object.entries(adminResources)) {
  for (const [namespace, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
  }
}
