import { DeliveryError } from './types';

const TIMEOUT_MS = 10_000;

/**
 * A POST to a provider. A refusal becomes a DeliveryError naming the provider and the status (never the URL,
 * which may hold a token); 4xx other than 408/429 is not retried. Redirects are not followed (a 3xx is a refusal):
 * a redirect could lead to an address the URL's own check would have refused.
 */
export async function post(
  provider: string,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'is unreachable';
    throw new DeliveryError(`${provider} ${reason}`);
  }
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
    const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
    throw new DeliveryError(`${provider} answered ${res.status}${detail ? `: ${detail}` : ''}`, retryable);
  }
  return res;
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
