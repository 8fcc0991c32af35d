import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '@waymark/api/env';
import { seed, upsertAdmin } from '@waymark/api/runtime/bootstrap';
import { migrate, openDatabase } from '@waymark/api/runtime/database';
import { startApiServer, untilSignalled } from '@waymark/api/server';
import { createDb } from '@waymark/db/client';
import { startDemo } from '../demo';
import { startPlatform } from '../platform';
import { buildWebApp } from './web-build';

const HELP = `Usage: pnpm waymark <command> [options]

Commands:
  start [--demo]             API, web app and ingest in one process (embedded PostgreSQL unless DATABASE_URL);
                             --demo: a demo tenant whose simulated fleet drives around (demo@waymark.local)
  serve-api                  only the API and web app (production, beside separate ingest processes)
  migrate                    apply pending database migrations
  create-admin --email E --password P [--name N]
                             create a platform administrator, or reset that account's password
  decode --protocol P --hex H | --text T | --http R
                             decode tracker messages with the protocol's decoder (no database), print JSON
  replay FILE|-              decode JSON lines of messages, one JSON line out per line in (use pnpm -s)
  simulate --devices N --protocol gt06|teltonika|osmand --rate HZ [--port P] [--duration S] [--register …]
                             simulated trackers driving around, reporting to the ingest (simulate --help)
  help                       this text

Configuration comes from environment variables (README: Configuration).`;

async function main(argv: string[]): Promise<number> {
  const [command = 'help', ...rest] = argv;
  // Offline tools of the ingest (no configuration, no database).
  if (command === 'decode') return (await import('@waymark/ingest/tools/decode-command')).runDecodeCommand(rest);
  if (command === 'replay') return (await import('@waymark/ingest/tools/replay-command')).runReplayCommand(rest);
  if (command === 'simulate')
    return (await import('@waymark/ingest/simulator/simulate-command')).runSimulateCommand(rest);
  const env = loadEnv();
  switch (command) {
    case 'start':
    case 'serve-api': {
      const { values } = parseArgs({
        args: rest,
        options: { port: { type: 'string' }, demo: { type: 'boolean' } },
        strict: true,
      });
      if (values.demo && command !== 'start') throw new UsageError('--demo goes with start (it needs the ingest)');
      const serverEnv = values.port ? { ...env, PORT: Number(values.port) } : env;
      if (command === 'serve-api') {
        const server = await startApiServer(serverEnv);
        await untilSignalled(() => server.close());
        return 0;
      }
      if (!env.WAYMARK_WEB_DIR) buildWebApp();
      const platform = await startPlatform(serverEnv);
      const demo = values.demo
        ? await startDemo(platform.db, {
            listening: platform.ingest.listening,
            ingestHost: platform.ingest.host,
          }).catch(async (err: unknown) => {
            await platform.close();
            throw err;
          })
        : undefined;
      await untilSignalled(async () => {
        await demo?.stop();
        await platform.close();
      });
      return 0;
    }
    case 'migrate': {
      const database = await openDatabase(env, (m) => console.error(m));
      try {
        const applied = await migrate(database.url);
        const db = createDb(database.url, { poolSize: 2 });
        await seed(db);
        await db.$disconnect();
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
      } finally {
        await database.stop();
      }
      return 0;
    }
    case 'create-admin': {
      const { values } = parseArgs({
        args: rest,
        options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
        strict: true,
      });
      if (!values.email || !values.password) throw new UsageError('create-admin needs --email and --password');
      if (values.password.length < 8) throw new UsageError('the password must have at least 8 characters');
      const database = await openDatabase(env, (m) => console.error(m));
      try {
        await migrate(database.url);
        const db = createDb(database.url, { poolSize: 2 });
        await seed(db);
        const user = await upsertAdmin(db, values.email, values.password, values.name);
        await db.$disconnect();
        console.log(`administrator ${user.email} (id ${user.id}) is ready`);
      } finally {
        await database.stop();
      }
      return 0;
    }
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof UsageError || (err as Error)?.name === 'ConfigError') {
      console.error((err as Error).message);
      if (err instanceof UsageError) console.error(`\n${HELP}`);
      process.exit(2);
    }
    if (err instanceof Error && 'code' in err && (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
