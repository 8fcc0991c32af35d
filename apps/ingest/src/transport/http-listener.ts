import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { DecodeResult, HttpProtocol, HttpReply, HttpRequestFrame } from '../protocols/protocol.types';
import { isHttpReply } from '../protocols/protocol.types';
import type { ConnectionGate } from './connection-gate';
import { decodeWithSettings, errorMessage, publishDecoded } from './frame-pipeline';
import type { IngestContext, Listener } from './ingest-context';
import { listen, peerOf } from './listen';
import { type DeviceChannel, Session } from './session';

export interface HttpListenerOptions {
  host: string;
  port: number;
  /** Larger request bodies are refused with 413. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Commands waiting for a device's next request are dropped after this long. */
  commandTtlMs: number;
  /** The node-wide cap on connections, shared by every listener (default: none). */
  gate?: ConnectionGate;
}

interface QueuedCommand {
  data: Buffer | string;
  queuedAt: number;
}

const MAX_QUEUED_PER_DEVICE = 10;

/**
 * An HTTP server for one protocol: each request is one frame with its own session. The decoder's ack is the
 * response (200 by default, 400 for a request it rejects, 503 when the bus cannot take the positions). A command
 * for an HTTP device waits for the device's next request and goes back as that response's body.
 */
export async function startHttpListener(
  ctx: IngestContext,
  protocol: HttpProtocol,
  options: HttpListenerOptions,
): Promise<Listener> {
  const log = ctx.logger.child({ protocol: protocol.name, transport: 'http' });
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const queued = new Map<string, QueuedCommand[]>();

  const channelFor = (session: Session, uniqueId: string): DeviceChannel => ({
    protocol,
    session,
    deliver(data) {
      const list = queued.get(uniqueId) ?? [];
      list.push({ data, queuedAt: Date.now() });
      queued.set(uniqueId, list.slice(-MAX_QUEUED_PER_DEVICE));
    },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const session = new Session(
      protocol.name,
      'http',
      peerOf(req.socket.remoteAddress, req.socket.remotePort),
      ctx.settingsOf,
    );
    const body = await readBody(req, maxBodyBytes);
    if (!body) return send(res, { status: 413 });
    const frame: HttpRequestFrame = { method: req.method ?? 'GET', url: req.url ?? '/', headers: headersOf(req), body };
    if (ctx.deviceLog) {
      const line = `${frame.method} ${frame.url}`;
      ctx.deviceLog.record(session, 'in', body.length > 0 ? Buffer.concat([Buffer.from(`${line}\n`), body]) : line);
    }
    const respond = (reply: HttpReply) => {
      if (reply.body !== undefined && reply.body.length > 0) ctx.deviceLog?.record(session, 'out', reply.body);
      send(res, reply);
    };
    let result: DecodeResult;
    try {
      result = decodeWithSettings(ctx, protocol.decoder, frame, session);
    } catch (err) {
      log.warn({ remote: session.remoteAddress, err: errorMessage(err), url: frame.url.slice(0, 512) }, 'bad request');
      return send(res, { status: 400 });
    }
    try {
      await publishDecoded(ctx, session, result, (uniqueId) => channelFor(session, uniqueId));
    } catch (err) {
      log.error({ err: errorMessage(err) }, 'publishing failed');
      return send(res, { status: 503 });
    }
    const reply: HttpReply = isHttpReply(result.ack) ? result.ack : { status: 200 };
    if (reply.status === 200 && reply.body === undefined && session.uniqueId) {
      const next = queued.get(session.uniqueId)?.shift();
      if (queued.get(session.uniqueId)?.length === 0) queued.delete(session.uniqueId);
      if (next) return respond({ ...reply, body: next.data });
    }
    respond(reply);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log.error({ err: errorMessage(err) }, 'request failed');
      if (!res.headersSent) send(res, { status: 500 });
    });
  });
  const gate = options.gate;
  if (gate) {
    server.on('connection', (socket) => {
      if (!gate.enter(protocol.name, socket.remoteAddress ?? '?')) {
        socket.destroy();
        return;
      }
      socket.once('close', () => gate.leave());
    });
  }
  const port = await listen(server, options.port, options.host);

  return {
    protocol: protocol.name,
    transport: 'http',
    port,
    sweep(now) {
      for (const [uniqueId, list] of queued) {
        const fresh = list.filter((c) => now - c.queuedAt <= options.commandTtlMs);
        if (fresh.length === 0) queued.delete(uniqueId);
        else queued.set(uniqueId, fresh);
      }
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The whole body, or null when it is larger than maxBytes. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function send(res: ServerResponse, reply: HttpReply): void {
  const body = reply.body ?? '';
  res.writeHead(reply.status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
}
