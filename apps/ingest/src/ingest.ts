import type { Bus } from '@waymark/bus/bus';
import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import type { DeviceSettingsStore } from '@waymark/bus/device-settings/device-settings-store';
import type { Logger } from 'pino';
import type { ProtocolDefinition, Transport } from './protocols/protocol.types';
import { protocolRegistry } from './protocols/registry';
import { deliverCommand } from './transport/command-delivery';
import { ConnectionGate } from './transport/connection-gate';
import { DeviceLogRecorder } from './transport/device-log-recorder';
import { errorMessage } from './transport/frame-pipeline';
import { startHttpListener } from './transport/http-listener';
import type { IngestContext, Listener } from './transport/ingest-context';
import { DeviceRegistry } from './transport/session';
import { startTcpListener, type TcpListenerOptions } from './transport/tcp-listener';
import { startUdpListener, type UdpListenerOptions } from './transport/udp-listener';

export interface StartIngestOptions {
  bus: Bus;
  /** Names the bus's device-status and position messages with it. */
  nodeId: string;
  logger: Logger;
  /** Protocols to serve (Traccar names). Default: every registered protocol. */
  protocols?: readonly string[];
  /** Port per protocol instead of its default; 0 picks a free port (tests). */
  portOverrides?: Readonly<Record<string, number>>;
  /** Address to listen on. Default 0.0.0.0. */
  host?: string;
  /** Protocols known to this ingest. Default: the registry (tests pass their own). */
  registry?: ReadonlyMap<string, ProtocolDefinition>;
  /** TCP connections silent this long are closed; UDP/HTTP devices forgotten. Default 10 minutes. */
  idleTimeoutMs?: number;
  /** TCP connections accepted from one IP address per protocol. Default 1000; 0 = no limit. */
  maxConnectionsPerAddress?: number;
  /** TCP and HTTP connections this node holds across all protocols. Default 20000; 0 = no limit. */
  maxConnections?: number;
  /** Peers (source address and port) each UDP listener keeps; the least recently seen go first. Default 20000. */
  maxUdpPeers?: number;
  /** Least time between two `online` statuses of one connectionless device. Default 60 s. */
  statusIntervalMs?: number;
  /** Where the raw frames of every device are logged (the data report); absent: nothing is logged. */
  deviceLog?: DeviceLogStore;
  /**
   * The devices' decoder-relevant settings (model, decoder options) that the API keeps; started here. Absent:
   * every device decodes as one without settings.
   */
  deviceSettings?: DeviceSettingsStore;
}

export interface ListeningAddress {
  protocol: string;
  transport: Transport;
  port: number;
}

export interface Ingest {
  listening: ListeningAddress[];
  /** Stops listening, closes every connection (publishing their last frames and statuses). Idempotent. */
  close(): Promise<void>;
}

/** Starts the listeners of the enabled protocols and delivers bus commands to the devices connected here. */
export async function startIngest(options: StartIngestOptions): Promise<Ingest> {
  const registry = options.registry ?? protocolRegistry;
  const names = options.protocols ?? [...registry.keys()];
  const host = options.host ?? '0.0.0.0';
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const unknown = names.filter((name) => !registry.has(name));
  if (unknown.length > 0) {
    throw new Error(`unknown protocol(s): ${unknown.join(', ')} (available: ${[...registry.keys()].join(', ')})`);
  }
  const ctx: IngestContext = {
    bus: options.bus,
    nodeId: options.nodeId,
    logger: options.logger.child({ component: 'ingest' }),
    devices: new DeviceRegistry(),
    statusIntervalMs: options.statusIntervalMs ?? 60_000,
    ...(options.deviceLog ? { deviceLog: new DeviceLogRecorder(options.deviceLog) } : {}),
  };
  const settings = options.deviceSettings;
  if (settings) {
    await settings.start();
    ctx.settingsOf = (uniqueId) => settings.get(uniqueId);
  }

  const gate = new ConnectionGate(options.maxConnections ?? 20_000, ctx.logger);
  const listeners: Listener[] = [];
  for (const name of names) {
    const protocol = registry.get(name)!;
    const port = options.portOverrides?.[name] ?? protocol.defaultPort;
    for (const transport of protocol.transports) {
      try {
        listeners.push(
          await startListener(ctx, protocol, transport, {
            host,
            port,
            idleTimeoutMs,
            maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? 1000,
            gate,
            maxPeers: options.maxUdpPeers ?? 20_000,
          }),
        );
      } catch (err) {
        await Promise.allSettled(listeners.map((l) => l.close()));
        throw new Error(`cannot listen for ${name} (${transport}) on ${host}:${port}: ${errorMessage(err)}`);
      }
    }
  }

  let unsubscribe: () => void;
  try {
    unsubscribe = await options.bus.onCommand((command) => deliverCommand(ctx, command));
  } catch (err) {
    await Promise.allSettled(listeners.map((l) => l.close()));
    throw err;
  }
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      ctx.devices.sweep(now, idleTimeoutMs);
      for (const listener of listeners) listener.sweep?.(now);
    },
    Math.min(60_000, idleTimeoutMs),
  );

  let closing: Promise<void> | undefined;
  return {
    listening: listeners.map(({ protocol, transport, port }) => ({ protocol, transport, port })),
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        unsubscribe();
        await Promise.allSettled(listeners.map((l) => l.close()));
        // the last frames of the closed connections, written before the store is closed by its owner
        await ctx.deviceLog?.close();
      })();
      return closing;
    },
  };
}

function startListener(
  ctx: IngestContext,
  protocol: ProtocolDefinition,
  transport: Transport,
  options: TcpListenerOptions & UdpListenerOptions,
): Promise<Listener> {
  if (protocol.kind === 'http')
    return startHttpListener(ctx, protocol, { ...options, commandTtlMs: options.idleTimeoutMs });
  if (transport === 'udp') return startUdpListener(ctx, protocol, options);
  return startTcpListener(ctx, protocol, options);
}
