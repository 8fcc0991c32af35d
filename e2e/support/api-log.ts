import type { Page, TestInfo } from '@playwright/test';

/**
 * Records what a spec's page heard from the API that went wrong — answers of 400 and over, requests that failed
 * (refused, aborted) — and attaches the list to the test's report when the test fails, so a failure seen once in
 * CI says which call let it down. Call at the start of a test; `attach` from an afterEach.
 */
export function recordApiTrouble(page: Page): { attach(info: TestInfo): Promise<void> } {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api') && response.status() >= 400)
      lines.push(`${at()} ${response.request().method()} ${url.pathname} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api'))
      lines.push(`${at()} ${request.method()} ${url.pathname} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lines.push(`${at()} page ${new URL(frame.url()).pathname}`);
  });
  return {
    async attach(info) {
      if (info.status === info.expectedStatus) return;
      await info.attach('api trouble', { body: lines.join('\n') || '(none)', contentType: 'text/plain' });
    },
  };
}
