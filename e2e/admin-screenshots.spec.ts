import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminAccessToken, openLogin, submitCredentials } from './support/auth';
import { e2eAdmin } from './support/e2e-env';
import { navigateInApp, requestTracker } from './support/navigate';

/**
 * Every page of the admin area as a screenshot (CI uploads test-results/screenshots/admin): desktop and phone
 * width, light and dark, English, French and Greek. Each must render inside its layout (not sent away to /login
 * or /auth/404), and nothing may be wider than a phone's screen at phone width.
 */
const LIST_PAGES = [
  'dashboard',
  'tenants',
  'roles',
  'roles/create',
  'users',
  'devices',
  'models',
  'sims',
  'vendors',
  'subscriptions',
  'subscriptions/create',
  'billing/invoices',
  'billing/expired',
  'billing/stats',
  'billing/notifications',
] as const;

const VARIANTS = [
  { language: 'en', scheme: 'light', width: 1366 },
  { language: 'en', scheme: 'dark', width: 1366 },
  { language: 'en', scheme: 'light', width: 390 },
  { language: 'en', scheme: 'dark', width: 390 },
  { language: 'fr', scheme: 'light', width: 1366 },
  { language: 'fr', scheme: 'dark', width: 1366 },
  { language: 'fr', scheme: 'light', width: 390 },
  { language: 'fr', scheme: 'dark', width: 390 },
  { language: 'el', scheme: 'light', width: 1366 },
  { language: 'el', scheme: 'dark', width: 1366 },
  { language: 'el', scheme: 'light', width: 390 },
  { language: 'el', scheme: 'dark', width: 390 },
] as const;

type Variant = (typeof VARIANTS)[number];

/**
 * `pnpm test` takes every page in three of the twelve variants, which between them cover both widths, both schemes
 * and the three languages, two of them at phone width (where the overflow check applies); WAYMARK_SCREENSHOTS=all
 * takes all twelve (about eight minutes), as before a release or after a change of layout.
 */
const TAKEN: readonly Variant[] =
  process.env.WAYMARK_SCREENSHOTS === 'all'
    ? VARIANTS
    : VARIANTS.filter(
        (v) =>
          (v.language === 'en' && v.scheme === 'light' && v.width > 600) ||
          (v.language === 'fr' && v.scheme === 'dark' && v.width < 600) ||
          (v.language === 'el' && v.scheme === 'light' && v.width < 600),
      );

/** Detail pages need ids: the first row of each list, read over the API. */
async function detailPages(request: APIRequestContext): Promise<string[]> {
  const token = await adminAccessToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const first = async (url: string): Promise<number | undefined> => {
    const res = await request.get(url, { headers });
    if (!res.ok()) return undefined;
    const body = (await res.json()) as { data?: { content?: { id: number }[] } | { id: number }[] };
    const rows = Array.isArray(body.data) ? body.data : body.data?.content;
    return rows?.[0]?.id;
  };
  const pages: string[] = [];
  const tenant = await first('/api/v2/tenant?page=0&limit=1');
  if (tenant) pages.push(`tenants/${tenant}`);
  const device = await first('/api/v2/device?page=0&size=1');
  if (device) pages.push(`devices/${device}`);
  const sim = await first('/api/v2/sim?page=0&size=1');
  if (sim) pages.push(`sims/${sim}`);
  const user = await first('/api/v2/user?page=0&size=1');
  if (user) pages.push(`users/${user}`);
  const role = await first('/api/v2/role');
  if (role) pages.push(`roles/edit/${role}`);
  return pages;
}

/** A context of the variant's size and scheme, signed in (in English) as the administrator, then switched to its language. */
async function signedIn(browser: Browser, variant: Variant): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: variant.width, height: variant.width < 600 ? 844 : 900 },
    colorScheme: variant.scheme,
  });
  await context.addInitScript(
    ({ language, scheme }) => {
      localStorage.setItem('mantine-color-scheme-value', scheme);
      // the sign-in page in English (its labels drive the sign-in), every page after it in the variant's language
      localStorage.setItem('language', location.pathname === '/login' ? 'en' : language);
    },
    { language: variant.language, scheme: variant.scheme },
  );
  const page = await context.newPage();
  await openLogin(page);
  await submitCredentials(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

// One test per variant, free to run on different workers at once (each signs in on a context of its own).
test.describe.configure({ mode: 'parallel' });

for (const variant of TAKEN) {
  const tag = `${variant.language}-${variant.scheme}-${variant.width < 600 ? 'phone' : 'desktop'}`;
  test(`screenshots of every admin page: ${tag}`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const paths = [...LIST_PAGES, ...(await detailPages(request))];
    const dir = 'test-results/screenshots/admin';
    mkdirSync(dir, { recursive: true });
    const tab = await signedIn(browser, variant);
    const requests = requestTracker(tab);
    // the first page loaded (in the variant's language), the others reached inside the app as its menu does
    await tab.goto(`/admin/${paths[0]}`);
    for (const path of paths) {
      if (path !== paths[0]) {
        requests.moved();
        await navigateInApp(tab, `/admin/${path}`);
      }
      await expect(tab, `${path} ${tag}`).toHaveURL(new RegExp(`/admin/${path}$`));
      await expect(tab.locator('main')).toBeVisible();
      await expect(tab.locator('html')).toHaveAttribute('lang', variant.language);
      await requests.settled();
      if (variant.width < 600) {
        const width = await tab.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} ${tag} is wider than the screen`).toBeLessThanOrEqual(variant.width);
      }
      await tab.screenshot({ path: `${dir}/${path.replaceAll('/', '-')}.${tag}.png`, fullPage: true });
    }
    await tab.context().close();
  });
}
