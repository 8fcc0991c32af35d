import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from './env';
import { startApiServer, untilSignalled } from './server';

/**
 * The API and web app alone (`pnpm --filter @waymark/api start [--port P]`, or `pnpm waymark serve-api`), for
 * production beside separate ingest processes; stops cleanly on SIGINT or SIGTERM.
 */
async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string' } }, strict: true });
  const env = loadEnv();
  const server = await startApiServer(values.port ? { ...env, PORT: Number(values.port) } : env);
  await untilSignalled(() => server.close());
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
