import { createSocket, type RemoteInfo } from 'node:dgram';
import type { StreamProtocol } from '../protocols/protocol.types';
import { errorMessage, processStreamFrame } from './frame-pipeline';
import type { IngestContext, Listener } from './ingest-context';
import { type DeviceChannel, Session } from './session';

export interface UdpListenerOptions {
  host: string;
  port: number;
  /** A peer (ip:port) silent this long is forgotten. */
  idleTimeoutMs: number;
  /** Peers kept at most; beyond, the least recently seen is forgotten (sources are easily spoofed). Default 20000. */
  maxPeers?: number;
  /** Datagrams being handled at once before new ones are dropped (UDP cannot push back). */
  maxInFlight?: number;
}

interface Peer {
  session: Session;
  channel: DeviceChannel;
  chain: Promise<void>;
  lastSeen: number;
}

/** A UDP socket for one protocol: one session per peer address; each datagram is one frame. */
export async function startUdpListener(
  ctx: IngestContext,
  protocol: StreamProtocol,
  options: UdpListenerOptions,
): Promise<Listener> {
  const socket = createSocket({ type: options.host.includes(':') ? 'udp6' : 'udp4' });
  const log = ctx.logger.child({ protocol: protocol.name, transport: 'udp' });
  const peers = new Map<string, Peer>();
  const maxInFlight = options.maxInFlight ?? 10_000;
  let inFlight = 0;
  let dropped = 0;

  const maxPeers = Math.max(1, options.maxPeers ?? 20_000);
  const forget = (key: string, peer: Peer) => {
    peers.delete(key);
    if (peer.session.uniqueId) ctx.devices.unbind(peer.session.uniqueId, peer.channel);
  };

  // The map is kept in order of last datagram (a peer seen again moves to the end), so the least recently seen
  // peer is the first one: evicted when the table is full, and the sweep stops at the first peer still fresh.
  const peerFor = (rinfo: RemoteInfo): Peer => {
    const key = `${rinfo.address}:${rinfo.port}`;
    let peer = peers.get(key);
    if (peer) {
      peers.delete(key);
    } else {
      while (peers.size >= maxPeers) {
        const [oldestKey, oldest] = peers.entries().next().value as [string, Peer];
        forget(oldestKey, oldest);
      }
      const session = new Session(protocol.name, 'udp', key, ctx.settingsOf);
      const deliver = (data: Buffer | string) => {
        socket.send(data, rinfo.port, rinfo.address);
        ctx.deviceLog?.record(session, 'out', data);
      };
      peer = { session, channel: { protocol, session, deliver }, chain: Promise.resolve(), lastSeen: 0 };
    }
    peers.set(key, peer);
    peer.lastSeen = Date.now();
    if (peer.session.uniqueId) ctx.devices.touch(peer.session.uniqueId, peer.channel, peer.lastSeen);
    return peer;
  };

  socket.on('message', (datagram, rinfo) => {
    if (inFlight >= maxInFlight) {
      if (dropped++ % 1000 === 0) log.warn({ dropped }, 'bus too slow: datagrams dropped');
      return;
    }
    inFlight += 1;
    const peer = peerFor(rinfo);
    // No reflection: a source that names no device gets no answer larger than its datagram (UDP sources are
    // easily spoofed, so such answers would amplify traffic toward a third party, e.g. wialon's 4-byte `#P#`).
    const reply = (data: Buffer | string) => {
      if (peer.session.uniqueId === null && Buffer.byteLength(data) > datagram.length) {
        log.debug({ remote: peer.session.remoteAddress }, 'answer larger than the datagram of no device withheld');
        return;
      }
      peer.channel.deliver(data);
    };
    peer.chain = peer.chain
      .then(() => processStreamFrame(ctx, protocol, peer.session, peer.channel, datagram, reply))
      .catch((err) => log.error({ err: errorMessage(err), remote: peer.session.remoteAddress }, 'publishing failed'))
      .finally(() => {
        inFlight -= 1;
      });
  });
  socket.on('error', (err) => log.warn({ err: err.message }, 'udp socket error'));

  const port = await new Promise<number>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => {
      socket.off('error', reject);
      resolve(socket.address().port);
    });
  });

  return {
    protocol: protocol.name,
    transport: 'udp',
    port,
    sweep(now) {
      for (const [key, peer] of peers) {
        if (now - peer.lastSeen <= options.idleTimeoutMs) break;
        forget(key, peer);
      }
    },
    async close() {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await Promise.allSettled([...peers.values()].map((p) => p.chain));
    },
  };
}
