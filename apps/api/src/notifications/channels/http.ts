import { DeliveryError } from './types';

/** How long a provider has to answer. */
export const TIMEOUT_MS = 10_000;

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
  if (!res.ok) throw refusal(provider, res.status, await res.text().catch(() => ''));
  return res;
}

/** A provider's answer other than 2xx as a DeliveryError: its status and the start of its body. */
export function refusal(provider: string, status: number, body: string): DeliveryError {
  const detail = body.replace(/\s+/g, ' ').slice(0, 200);
  const retryable = status >= 500 || status === 408 || status === 429;
  return new DeliveryError(`${provider} answered ${status}${detail ? `: ${detail}` : ''}`, retryable);
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
