import type { Env } from '@waymark/api/env';
import type { ApiServer } from '@waymark/api/server';
import { startApiServer } from '@waymark/api/server';
import type { ListeningAddress } from '@waymark/ingest/ingest';
import { startIngestInProcess } from './ingest';

export interface Platform extends ApiServer {
  /** where the in-process ingest listens */
  ingest: { host: string; listening: ListeningAddress[] };
}

/**
 * Starts Waymark in one process (`waymark start`): the API and web app (apps/api's server), and the ingest
 * beside it on the API's bus — the in-process bus, or Redis streams when REDIS_URL is set.
 */
export async function startPlatform(env: Env, say: (line: string) => void = console.log): Promise<Platform> {
  let ingest: Platform['ingest'] = { host: env.HOST, listening: [] };
  const api = await startApiServer(env, {
    say,
    alongside: {
      name: 'ingest',
      start: async ({ bus, deviceLog, deviceSettings, nodeId, log }) => {
        const started = await startIngestInProcess(bus, nodeId, log, deviceLog, deviceSettings);
        ingest = { host: started.host, listening: started.listening };
        return started;
      },
    },
  });
  return { ...api, ingest };
}
