/**
 * What POST /api/server/reboot may do. A process cannot start itself again cleanly: what it would spawn would be
 * an orphan outside the terminal, service manager or container that ran it, holding the ports while the old one
 * lets go. So the server restarts only where something outside it does that part (docker compose's
 * `restart: unless-stopped`, systemd's `Restart=always`, Kubernetes), which the deployment declares with
 * WAYMARK_SUPERVISED=true; there the process stops as on SIGTERM (sockets closed, pipeline drained, exit 0) and
 * its supervisor starts the new one. Anywhere else (`pnpm start` in a terminal) the call says so instead.
 */
export const UNSUPERVISED =
  'This server cannot restart itself: nothing here would start it again. Restart it where it runs, or run it ' +
  'under a supervisor that restarts it (docker compose restart policy, systemd Restart=always) and set ' +
  'WAYMARK_SUPERVISED=true';

/** Stops this process the way SIGTERM does (server.ts untilSignalled), for its supervisor to start it again. */
export function stopForRestart(): void {
  process.kill(process.pid, 'SIGTERM');
}

/** Every IANA time zone this server knows, sorted, with UTC (which Intl leaves out of its list). */
export function timeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}
