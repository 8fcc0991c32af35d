import type { Page } from '@playwright/test';

/**
 * Moves the running app to `path` as one of its links does (history.pushState, then the popstate event the
 * router listens to), instead of loading the page again: the app's code is neither fetched nor started anew and
 * the session is not refreshed, which saves a second or more a page when a spec walks through many pages.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * Counts the page's requests in flight (HTTP, not the websocket). `settled()` waits until none has been in flight
 * for `quietMs` since the last one ended or since `moved()` (call it when navigating: the new page's requests may
 * not have started yet) — what `waitForLoadState('networkidle')` gives for a page load, for moves inside the app.
 */
export function requestTracker(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    moved(): void {
      lastChange = Date.now();
    },
    async settled(quietMs = 500, timeoutMs = 20_000): Promise<void> {
      const end = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > end) throw new Error(`${inFlight} requests still in flight after ${timeoutMs} ms`);
        await page.waitForTimeout(50);
      }
    },
  };
}
