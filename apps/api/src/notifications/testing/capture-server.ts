import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface CapturedRequest {
  method: string;
  /** path and query */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** the server name the client asked for in TLS (https only) */
  servername?: string;
}

export interface CaptureServer {
  url: string;
  requests: CapturedRequest[];
  /** the next answers, in order; then 200 `{"ok":true}` */
  answers: Answer[];
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: string;
  /** a Location header (for redirects) */
  location?: string;
}

const servernameOf = (req: IncomingMessage) => {
  const name = (req.socket as Partial<TLSSocket>).servername;
  return typeof name === 'string' ? { servername: name } : {};
};

/**
 * A real HTTP server on 127.0.0.1 standing in for a provider: keeps every request, answers as told. With `tls`
 * (a key and certificate) it is an https server.
 */
export async function startCaptureServer(tls?: { key: string; cert: string }): Promise<CaptureServer> {
  const requests: CapturedRequest[] = [];
  const answers: Answer[] = [];
  const handle: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ...servernameOf(req),
      });
      const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
      const headers = { 'content-type': 'application/json', ...(answer.location ? { location: answer.location } : {}) };
      res.writeHead(answer.status, headers).end(answer.body);
    });
  };
  const server: Server = tls ? createTlsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
