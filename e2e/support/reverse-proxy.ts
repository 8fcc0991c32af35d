import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';

export interface ReverseProxyOptions {
  /** the e2e server's port on 127.0.0.1 */
  upstreamPort: number;
  /** the port to listen on (127.0.0.1); 0 for a free one */
  port?: number;
  /** the address the proxy connects from (all of 127/8 is loopback on Linux): the one WAYMARK_TRUST_PROXY may name */
  localAddress?: string;
  /** send the host the browser asked for in X-Forwarded-Host (and X-Forwarded-Proto), as nginx does when told to */
  forwardHost: boolean;
}

export interface ReverseProxy {
  /** http://127.0.0.1:<port>, the origin the browser opens */
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy like nginx's `proxy_pass` without `proxy_set_header Host`: every request, websocket handshakes
 * included, reaches the server with Host rewritten to the upstream's own host:port. Once a handshake is passed on,
 * the two sockets are piped as raw bytes.
 */
export async function startReverseProxy(o: ReverseProxyOptions): Promise<ReverseProxy> {
  const upstreamHost = `127.0.0.1:${o.upstreamPort}`;
  const rewrite = (headers: IncomingHttpHeaders): IncomingHttpHeaders => ({
    ...headers,
    host: upstreamHost,
    ...(o.forwardHost ? { 'x-forwarded-host': headers.host, 'x-forwarded-proto': 'http' } : {}),
  });
  const target = { host: '127.0.0.1', port: o.upstreamPort, localAddress: o.localAddress };
  // upgraded connections are the server's no longer: kept to end them at close
  const tunnels = new Set<{ destroy(): void }>();
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { ...target, method: req.method, path: req.url, headers: rewrite(req.headers) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, client, head) => {
    const upstream = connect(target, () => {
      const headers = Object.entries(rewrite(req.headers)).flatMap(([name, value]) =>
        value === undefined ? [] : [`${name}: ${Array.isArray(value) ? value.join(', ') : value}`],
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
      tunnels.delete(upstream);
    };
    tunnels.add(upstream);
    upstream.on('error', end);
    upstream.on('close', end);
    client.on('error', end);
    client.on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const tunnel of tunnels) tunnel.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
