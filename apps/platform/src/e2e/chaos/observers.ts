import { createServer } from 'node:http';
import WebSocket from 'ws';

/** The webhook the notification rule posts to: counts the posts per event id. */
export async function startWebhookSink(): Promise<{
  url: string;
  received: Map<number, number>;
  close(): Promise<void>;
}> {
  const received = new Map<number, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += String(d);
    });
    req.on('end', () => {
      try {
        const id = Number((JSON.parse(body) as { event?: { id?: number } }).event?.id);
        if (Number.isFinite(id)) received.set(id, (received.get(id) ?? 0) + 1);
      } catch {
        // not a notification: not counted
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface LiveClientStats {
  frames: number;
  positions: number;
  /** connections opened after the first */
  reconnects: number;
  /** frames received since markFailover() */
  framesAfterFailover: number;
  /** the API port of the current connection */
  connectedTo: number | null;
}

/**
 * A signed-in user's live map: a websocket to one API, and on its loss to the next API of the list (as a browser
 * behind a load balancer would), counting the frames and positions it receives.
 */
export async function startLiveClient(
  apiPorts: readonly number[],
  credentials: { email: string; password: string },
): Promise<{ stats(): LiveClientStats; markFailover(): void; close(): void }> {
  const res = await fetch(`http://127.0.0.1:${apiPorts[0]}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const stats: LiveClientStats = { frames: 0, positions: 0, reconnects: 0, framesAfterFailover: 0, connectedTo: null };
  let failedOver = false;
  let closed = false;
  let socket: WebSocket | undefined;
  let target = 0;
  let opened = 0;
  const connect = () => {
    if (closed) return;
    const port = apiPorts[target] as number;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?token=${accessToken}`);
    socket = ws;
    ws.on('open', () => {
      if (opened++ > 0) stats.reconnects += 1;
      stats.connectedTo = port;
    });
    ws.on('message', (data) => {
      stats.frames += 1;
      if (failedOver) stats.framesAfterFailover += 1;
      const frame = JSON.parse(String(data)) as { positions?: unknown[] };
      stats.positions += frame.positions?.length ?? 0;
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      stats.connectedTo = null;
      if (closed) return;
      target = (target + 1) % apiPorts.length;
      setTimeout(connect, 500);
    });
  };
  connect();
  return {
    stats: () => ({ ...stats }),
    markFailover() {
      failedOver = true;
    },
    close() {
      closed = true;
      socket?.terminate();
    },
  };
}
