import type { DeviceLink, LinkCounters } from '../simulator/device-links';
import { createLink } from '../simulator/device-links';
import type { VehicleReport } from '../simulator/vehicle';

/**
 * Trackers that keep what they were not told was received (as real GT06 and Teltonika devices do): each report
 * is sent until the ingest acknowledges it — on a failure (connection lost, refused, no reply in time) the tracker
 * reconnects, to the next ingest of its list as a tracker behind a load balancer would, and sends the same report
 * again. Every report has a fix time of its own (`firstFix` + n seconds), so whoever checks the stored positions can
 * tell exactly which acknowledged report is missing or doubled.
 */
export interface ResendingTracker {
  uniqueId: string;
  protocol: 'gt06' | 'teltonika';
  /** Ports of the ingests this tracker may reach (its protocol's port on each); it starts with the first. */
  ports: readonly number[];
}

export interface TrackerRecord {
  uniqueId: string;
  protocol: 'gt06' | 'teltonika';
  /** fix times (ms) of the reports the ingest acknowledged, in order */
  acked: number[];
  /** fix times (ms) of the acknowledged reports that carried an alarm */
  alarms: number[];
}

export interface TrackerFleetOptions {
  trackers: readonly ResendingTracker[];
  host?: string;
  /** Time between two reports of one tracker, ms. */
  intervalMs: number;
  /** Fix time of every tracker's first report, ms (whole seconds: GT06 carries seconds). */
  firstFix: number;
  /** Every n-th report raises an SOS alarm (0: none). */
  alarmEvery?: number;
  /** Connect and reply timeout, ms. Default 10 000. */
  timeoutMs?: number;
}

export interface FleetStats {
  /** reports acknowledged */
  acked: number;
  /** sends that failed (and were repeated, on a new connection) */
  failures: number;
  /** connections opened after the first one of each tracker */
  reconnects: number;
  /** trackers connected now */
  connected: number;
}

export interface TrackerFleet {
  records: TrackerRecord[];
  stats(): FleetStats;
  /** Stops every tracker: a report waiting for its ack then is not counted as acknowledged. */
  stop(): Promise<void>;
}

/** The report number `n` of a tracker: a slow walk north from its own starting point, one second per report. */
function reportOf(index: number, n: number, firstFix: number, alarmEvery: number): VehicleReport {
  return {
    time: new Date(firstFix + n * 1000),
    latitude: 48 + (index % 100) * 0.01 + n * 0.00005,
    longitude: 2 + Math.floor(index / 100) * 0.01,
    altitude: 35,
    speedKph: 20,
    course: 0,
    ignition: true,
    moving: true,
    batteryLevel: 80,
    power: 12.4,
    odometer: n * 5,
    fuel: null,
    satellites: 9,
    alarm: alarmEvery > 0 && n % alarmEvery === alarmEvery - 1 ? 'sos' : null,
  };
}

export function startTrackerFleet(options: TrackerFleetOptions): TrackerFleet {
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.timeoutMs ?? 10_000;
  const alarmEvery = options.alarmEvery ?? 0;
  const counters: LinkCounters = { sent: 0, acked: 0, positions: 0 };
  const stats = { acked: 0, failures: 0, reconnects: 0, connected: 0 };
  const links = new Set<DeviceLink>();
  const wakers = new Set<() => void>();
  let stopped = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const records: TrackerRecord[] = options.trackers.map((t) => ({
    uniqueId: t.uniqueId,
    protocol: t.protocol,
    acked: [],
    alarms: [],
  }));

  const run = async (tracker: ResendingTracker, index: number) => {
    const record = records[index] as TrackerRecord;
    let link: DeviceLink | null = null;
    let target = 0;
    let opened = 0;
    let up = false;
    // spread over the first interval
    let next = Date.now() + (options.intervalMs * index) / Math.max(1, options.trackers.length);
    for (let n = 0; !stopped; n++) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      const report = reportOf(index, n, options.firstFix, alarmEvery);
      while (!stopped) {
        try {
          if (!link) {
            link = createLink(tracker.protocol, {
              uniqueId: tracker.uniqueId,
              host,
              port: tracker.ports[target] as number,
              timeoutMs,
              counters,
            });
            links.add(link);
            if (opened++ > 0) stats.reconnects += 1;
            await link.open();
            up = true;
            stats.connected += 1;
          }
          await link.send(report);
          if (stopped) break; // the ack came after stop(): the fleet's count is closed
          record.acked.push(report.time.getTime());
          if (report.alarm) record.alarms.push(report.time.getTime());
          stats.acked += 1;
          break;
        } catch {
          if (link) {
            links.delete(link);
            link.close();
            link = null;
          }
          if (up) stats.connected -= 1;
          up = false;
          if (stopped) break;
          stats.failures += 1;
          target = (target + 1) % tracker.ports.length;
          await sleep(200 + Math.random() * 300);
        }
      }
      next = Math.max(next + options.intervalMs, Date.now());
    }
    link?.close();
    if (up) stats.connected -= 1;
  };

  const running = Promise.all(options.trackers.map((t, i) => run(t, i)));
  let stopping: Promise<void> | undefined;
  return {
    records,
    stats: () => ({ ...stats }),
    stop() {
      stopping ??= (async () => {
        stopped = true;
        for (const wake of wakers) wake();
        for (const link of links) link.close();
        await running;
      })();
      return stopping;
    },
  };
}
