import { spawnSync } from 'node:child_process';
import { paths } from '@waymark/db/paths';

/**
 * `waymark start` builds the web app when its sources changed (turbo's cache makes this instant otherwise).
 * Turbo's output goes to stderr: stdout carries only what the command itself prints.
 */
export function buildWebApp(): void {
  const result = spawnSync(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', '--filter=@waymark/web', '--output-logs=errors-only'],
    { cwd: paths.root, stdio: ['ignore', 2, 2], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  if (result.status !== 0) throw new Error('building the web app failed (see above)');
}
