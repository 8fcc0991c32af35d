import { createServer, type Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Framer, StreamProtocol } from '../protocols/protocol.types';
import { ConnectionGate } from './connection-gate';
import { deviceDisconnected, errorMessage, processStreamFrame } from './frame-pipeline';
import type { IngestContext, Listener } from './ingest-context';
import { listen, peerOf } from './listen';
import { type DeviceChannel, Session } from './session';

export interface TcpListenerOptions {
  host: string;
  port: number;
  /** A connection that completes no frame for this long is closed (bytes that complete nothing do not count). */
  idleTimeoutMs: number;
  /** More connections than this from one IP address are refused (0 = no limit). */
  maxConnectionsPerAddress?: number;
  /** The node-wide cap on connections, shared by every listener (default: none). */
  gate?: ConnectionGate;
}

/** Without a framer, each read is one frame. */
const passThrough: Framer = { push: (chunk) => [chunk], buffered: 0 };

/**
 * A TCP server for one protocol: one framer and one session per connection. Frames of a connection are handled
 * one after another; while the bus is slow to take them the socket is paused, so the kernel pushes back on the
 * device. A malformed frame is dropped and logged; other frames and connections are not affected.
 */
export async function startTcpListener(
  ctx: IngestContext,
  protocol: StreamProtocol,
  options: TcpListenerOptions,
): Promise<Listener> {
  const connections = new Map<Socket, Promise<void>>();
  const perAddress = new Map<string, number>();
  const limit = options.maxConnectionsPerAddress ?? 0;
  const gate = options.gate ?? new ConnectionGate(0, ctx.logger);
  const server = createServer((socket) => {
    const address = socket.remoteAddress ?? '?';
    const count = (perAddress.get(address) ?? 0) + 1;
    if (limit > 0 && count > limit) {
      gate.refuse({ protocol: protocol.name, address, limit }, 'too many connections from one address; refused');
      socket.destroy();
      return;
    }
    if (!gate.enter(protocol.name, address)) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    const done = handleConnection(ctx, protocol, socket, options).finally(() => {
      gate.leave();
      connections.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    connections.set(socket, done);
  });
  const port = await listen(server, options.port, options.host);
  return {
    protocol: protocol.name,
    transport: 'tcp',
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections.keys()) socket.destroy();
      await Promise.allSettled([...connections.values()]);
      await closed;
    },
  };
}

/**
 * Resolves when the connection is closed and its last frames and status are published. Chunks are handled one
 * after another; one that arrives while an earlier one is still being published pauses the socket until the
 * backlog is done, so a device that outruns the bus is pushed back by the kernel.
 */
function handleConnection(
  ctx: IngestContext,
  protocol: StreamProtocol,
  socket: Socket,
  options: TcpListenerOptions,
): Promise<void> {
  const session = new Session(protocol.name, 'tcp', peerOf(socket.remoteAddress, socket.remotePort), ctx.settingsOf);
  // made on first use: most connections never log
  let logger: Logger | undefined;
  const log = () =>
    (logger ??= ctx.logger.child({ protocol: protocol.name, transport: 'tcp', remote: session.remoteAddress }));
  const framer = protocol.framer?.() ?? passThrough;
  const write = (data: Buffer | string) => {
    if (socket.destroyed) return;
    socket.write(data);
    ctx.deviceLog?.record(session, 'out', data);
  };
  const channel: DeviceChannel = {
    protocol,
    session,
    deliver: write,
    close: () => {
      log().info({ uniqueId: session.uniqueId }, 'replaced by a newer connection of the device');
      socket.destroy();
    },
  };
  const backlog: Buffer[] = [];
  let busy = false;
  let drained = Promise.resolve();
  let paused = false;

  /** Handles the chunks received so far, in order; a failed publish closes the connection. */
  const drain = async () => {
    try {
      for (let chunk = backlog.shift(); chunk !== undefined; chunk = backlog.shift()) {
        let frames: Buffer[];
        try {
          frames = framer.push(chunk);
        } catch (err) {
          log().warn({ err: errorMessage(err) }, 'framer failed; closing the connection');
          socket.destroy();
          break;
        }
        if (frames.length > 0) idle.refresh();
        for (const frame of frames) {
          if (socket.destroyed) break;
          await processStreamFrame(ctx, protocol, session, channel, frame, write);
        }
      }
    } catch (err) {
      log().error({ err: errorMessage(err) }, 'publishing failed; closing the connection so the device resends');
      socket.destroy();
    } finally {
      backlog.length = 0;
      busy = false;
      if (paused) {
        paused = false;
        if (!socket.destroyed) socket.resume();
      }
    }
  };

  socket.setNoDelay(true);
  // Only whole frames keep a connection open: a byte now and then that completes nothing does not.
  const idle = setTimeout(() => {
    log().debug('idle connection closed');
    socket.destroy();
  }, options.idleTimeoutMs);
  socket.on('error', (err) => log().debug({ err: err.message }, 'socket error'));
  socket.on('data', (chunk: Buffer) => {
    backlog.push(chunk);
    if (busy) {
      if (!paused) {
        paused = true;
        socket.pause();
      }
      return;
    }
    busy = true;
    drained = drain();
  });
  if (ctx.logger.isLevelEnabled('debug')) log().debug('connection opened');

  return new Promise((resolve) => {
    socket.once('close', () => {
      clearTimeout(idle);
      drained
        .then(() => deviceDisconnected(ctx, session, channel))
        .catch((err) => log().warn({ err: errorMessage(err) }, 'disconnect status not published'))
        .finally(() => {
          if (ctx.logger.isLevelEnabled('debug')) log().debug({ uniqueId: session.uniqueId }, 'connection closed');
          resolve();
        });
    });
  });
}
