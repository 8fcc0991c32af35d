import type { Logger } from 'pino';

/** Least time between two warnings about refused connections. */
const WARN_INTERVAL_MS = 10_000;

/**
 * The TCP connections one ingest node holds across all its listeners: beyond `max` (0 = no limit) a new connection
 * is closed at once, so a flood of connections cannot exhaust file descriptors or memory. Refusals are counted and
 * warned about at most once per WARN_INTERVAL_MS (each one is logged at debug level).
 */
export class ConnectionGate {
  private open = 0;
  private refused = 0;
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly max: number,
    private readonly logger: Logger,
  ) {}

  /** Takes a place for a new connection; false (and the refusal logged) when all are taken. */
  enter(protocol: string, address: string): boolean {
    if (this.max > 0 && this.open >= this.max) {
      this.refuse({ protocol, address, limit: this.max }, 'too many connections on this node; refused');
      return false;
    }
    this.open += 1;
    return true;
  }

  /** Gives back the place of a closed connection. */
  leave(): void {
    this.open = Math.max(0, this.open - 1);
  }

  /** Logs a refused connection: at debug level each time, as a warning at most once per interval. */
  refuse(details: Record<string, unknown>, message: string): void {
    this.refused += 1;
    this.logger.debug(details, message);
    const now = Date.now();
    if (now - this.lastWarning < WARN_INTERVAL_MS) return;
    this.logger.warn({ ...details, refusedSinceLastWarning: this.refused }, message);
    this.lastWarning = now;
    this.refused = 0;
  }
}
