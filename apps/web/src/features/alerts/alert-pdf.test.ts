import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, setAccessToken } from '../../api/token-storage';
import { json, stubFetch } from '../../test/fetch-stub';
import { downloadAlertPdf } from './alert-pdf';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAccessToken();
});

describe('downloadAlertPdf', () => {
  it("fetches the server's PDF with the access token and offers it as alert-<id>.pdf", async () => {
    setAccessToken('token-1');
    let authorization: string | null = null;
    stubFetch({
      'GET /api/events/11/pdf': ({ headers }) => {
        authorization = headers.get('authorization');
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
      },
    });
    const made = vi.fn((_blob: Blob) => 'blob:alert');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadAlertPdf(11);
    expect(authorization).toBe('Bearer token-1');
    expect(await made.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
    expect(clicked).toEqual(['alert-11.pdf']);
  });

  it("throws the server's message when the alert cannot be had", async () => {
    stubFetch({ 'GET /api/events/12/pdf': () => json(404, { message: 'Event not found' }) });
    await expect(downloadAlertPdf(12)).rejects.toThrow('Event not found');
  });
});
