import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  /** path and query */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
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

/** A real HTTP server on 127.0.0.1 standing in for a provider: keeps every request, answers as told. */
export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: CapturedRequest[] = [];
  const answers: Answer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
      const headers = { 'content-type': 'application/json', ...(answer.location ? { location: answer.location } : {}) };
      res.writeHead(answer.status, headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
