import type { Agent } from 'node:http';
import { request } from 'node:http';
import { gt06Alarm, gt06Heartbeat, gt06Location, gt06Login, gt06TypeOf, nextGt06Frame } from './gt06-frames';
import { osmandPath } from './osmand-request';
import type { ReplyParser } from './tcp-conversation';
import { TcpConversation } from './tcp-conversation';
import { teltonikaAvlPacket, teltonikaHandshake, teltonikaRecord } from './teltonika-frames';
import type { VehicleReport } from './vehicle';

export type SimulatedProtocol = 'gt06' | 'teltonika' | 'osmand';
export const SIMULATED_PROTOCOLS: readonly SimulatedProtocol[] = ['gt06', 'teltonika', 'osmand'];

/** Counters a link updates: frames/requests sent, replies received. */
export interface LinkCounters {
  sent: number;
  acked: number;
  positions: number;
}

/** One device's way to the server: a TCP connection with its login, or HTTP requests. */
export interface DeviceLink {
  /** Connects and identifies the device (TCP); resolves when the server has accepted it. */
  open(): Promise<void>;
  /** Sends one report and waits for the server's acknowledgement. */
  send(report: VehicleReport): Promise<void>;
  close(): void;
}

export interface LinkOptions {
  uniqueId: string;
  host: string;
  port: number;
  timeoutMs: number;
  counters: LinkCounters;
  /** HTTP agent shared by the HTTP devices of a simulation (keep-alive). */
  agent?: Agent;
  /** Teltonika: records per AVL packet, as devices that buffer send them (default 1). */
  recordsPerPacket?: number;
}

export function createLink(protocol: SimulatedProtocol, options: LinkOptions): DeviceLink {
  switch (protocol) {
    case 'gt06':
      return new Gt06Link(options);
    case 'teltonika':
      return new TeltonikaLink(options);
    case 'osmand':
      return new OsmandLink(options);
  }
}

/** Replies of the GT06 server: the next frame of the given type (frames of other types before it are skipped). */
const gt06Reply =
  (type: number): ReplyParser<Buffer> =>
  (buffer) => {
    let offset = 0;
    for (;;) {
      const next = nextGt06Frame(buffer, offset);
      if (!next) return null;
      offset = next.end;
      if (gt06TypeOf(next.frame) === type) return { value: next.frame, used: offset };
    }
  };

/**
 * GT06: login with the IMEI, wait for its ack; then a location (0x22) per report, an alarm (0x16) when one is
 * raised, and a heartbeat (0x13) instead of two reports in three while parked; each waits for its ack.
 */
class Gt06Link implements DeviceLink {
  private conversation: TcpConversation | null = null;
  private serial = 0;
  private parkedReports = 0;

  constructor(private readonly options: LinkOptions) {}

  async open(): Promise<void> {
    const { host, port, timeoutMs, uniqueId } = this.options;
    this.conversation = await TcpConversation.open(host, port, timeoutMs);
    await this.exchange(gt06Login(uniqueId, this.nextSerial()), 0x01);
  }

  async send(report: VehicleReport): Promise<void> {
    const serial = this.nextSerial();
    if (report.alarm) {
      await this.exchange(gt06Alarm(report, report.alarm, serial), 0x16, true);
      return;
    }
    this.parkedReports = report.ignition === false ? this.parkedReports + 1 : 0;
    if (this.parkedReports > 0 && this.parkedReports % 3 !== 1) {
      await this.exchange(gt06Heartbeat(report, serial), 0x13);
      return;
    }
    await this.exchange(gt06Location(report, serial), 0x22, true);
  }

  close(): void {
    this.conversation?.close();
    this.conversation = null;
  }

  private async exchange(frame: Buffer, type: number, position = false): Promise<void> {
    if (!this.conversation) throw new Error('not connected');
    this.options.counters.sent += 1;
    if (position) this.options.counters.positions += 1;
    await this.conversation.request(frame, gt06Reply(type), this.options.timeoutMs);
    this.options.counters.acked += 1;
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }
}

/** Teltonika: IMEI handshake (waits for 0x01), then one codec 8 packet per report (waits for its record count). */
class TeltonikaLink implements DeviceLink {
  private conversation: TcpConversation | null = null;
  private ignition: boolean | null = null;

  constructor(private readonly options: LinkOptions) {}

  async open(): Promise<void> {
    const { host, port, timeoutMs, uniqueId } = this.options;
    this.conversation = await TcpConversation.open(host, port, timeoutMs);
    this.options.counters.sent += 1;
    const accepted = await this.conversation.request(teltonikaHandshake(uniqueId), bytes(1), timeoutMs);
    if (accepted[0] !== 0x01) throw new Error('teltonika: the server refused the IMEI');
    this.options.counters.acked += 1;
  }

  async send(report: VehicleReport): Promise<void> {
    if (!this.conversation) throw new Error('not connected');
    const event = report.alarm ? 236 : report.ignition !== this.ignition && this.ignition !== null ? 239 : 0;
    this.ignition = report.ignition;
    const count = Math.max(1, Math.min(255, this.options.recordsPerPacket ?? 1));
    // a buffering device sends its last `count` fixes together; 1 ms apart so each is a position of its own
    const time = report.time.getTime();
    const records: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      records.push(teltonikaRecord(report, i === count - 1 ? event : 0, time - (count - 1 - i)));
    }
    this.options.counters.sent += 1;
    this.options.counters.positions += count;
    const ack = await this.conversation.request(teltonikaAvlPacket(records), bytes(4), this.options.timeoutMs);
    if (ack.readUInt32BE(0) !== count) {
      throw new Error(`teltonika: the server accepted ${ack.readUInt32BE(0)} of ${count} records`);
    }
    this.options.counters.acked += 1;
  }

  close(): void {
    this.conversation?.close();
    this.conversation = null;
  }
}

const bytes =
  (n: number): ReplyParser<Buffer> =>
  (buffer) =>
    buffer.length >= n ? { value: Buffer.from(buffer.subarray(0, n)), used: n } : null;

/** OsmAnd: one HTTP GET per report (keep-alive), acknowledged by a 200. */
class OsmandLink implements DeviceLink {
  constructor(private readonly options: LinkOptions) {}

  async open(): Promise<void> {}

  send(report: VehicleReport): Promise<void> {
    const { host, port, timeoutMs, uniqueId, agent, counters } = this.options;
    counters.sent += 1;
    counters.positions += 1;
    return new Promise((resolve, reject) => {
      const req = request({ host, port, path: osmandPath(uniqueId, report), method: 'GET', agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) {
            counters.acked += 1;
            resolve();
          } else reject(new Error(`osmand: HTTP ${res.statusCode}`));
        });
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no reply within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {}
}
