import type { Bus } from '@waymark/bus/bus';
import type { Logger } from 'pino';
import type { DeviceLogRecorder } from './device-log-recorder';
import type { DeviceRegistry, SettingsLookup } from './session';

/** What every listener of one ingest node shares. */
export interface IngestContext {
  bus: Bus;
  nodeId: string;
  logger: Logger;
  devices: DeviceRegistry;
  /** Least time between two `online` statuses of one connectionless device. */
  statusIntervalMs: number;
  /** the decoder-relevant settings of the devices (model, decoder options); absent: none known */
  settingsOf?: SettingsLookup;
  /** records raw frames into the device log (absent: nothing is logged) */
  deviceLog?: DeviceLogRecorder;
}

/** A running listener of one protocol on one transport. */
export interface Listener {
  protocol: string;
  transport: 'tcp' | 'udp' | 'http';
  port: number;
  /** Periodic clean-up of idle peers and stale queues. */
  sweep?(now: number): void;
  close(): Promise<void>;
}
