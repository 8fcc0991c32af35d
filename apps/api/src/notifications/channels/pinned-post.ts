import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { refusal, TIMEOUT_MS } from './http';
import { DeliveryError } from './types';
import type { ResolvedAddress, WebhookTarget } from './webhook-address';

/** How much of an answer's body is kept (for the refusal's text). */
const BODY_LIMIT = 4096;

/**
 * A lookup that answers only the addresses already checked: the socket connects to one of them whatever the name
 * resolves to by then. The request still names the URL's host (Host header, TLS server name and certificate check).
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const all: LookupAddress[] = addresses.map((a) => ({ address: a.address, family: a.family }));
    const first = all[0];
    if (options.all || !first) callback(null, all);
    else callback(null, first.address, first.family);
  };
}

/**
 * A POST to a checked webhook target, connecting only to the addresses it was checked at (no second DNS
 * resolution), on a connection of its own (no pooled socket of another resolution). As `post`: a refusal becomes a
 * DeliveryError naming the provider and the status, never the URL; a redirect is not followed. `tls` adds trusted
 * certificates (tests).
 */
export function postPinned(
  provider: string,
  target: WebhookTarget,
  body: string,
  headers: Record<string, string>,
  tls: { ca?: string } = {},
): Promise<void> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<void>((resolve, reject) => {
    const failed = () => reject(new DeliveryError(`${provider} ${signal.aborted ? 'timed out' : 'is unreachable'}`));
    const req = request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.addresses),
        agent: false,
        signal,
        ...tls,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < BODY_LIMIT) chunks.push(chunk);
          kept += chunk.length;
        });
        res.on('error', failed);
        // cut before its end (the time limit, a reset): a failure, not a hang
        res.on('close', () => {
          if (!res.complete) failed();
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(refusal(provider, status, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    req.on('error', failed);
    req.end(body);
  });
}
