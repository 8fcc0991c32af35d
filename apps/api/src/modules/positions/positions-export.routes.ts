import { positionExportQuerySchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { streamDownload } from '../reports/export/stream-download';
import { writeGpx, writeKml, writePositionsCsv } from '../reports/export/track-writers';
import { presentPosition } from './positions.presenter';
import { trackExportSubject, trackPositions } from './positions-export.service';

const FORMATS = {
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
  csv: 'text/csv',
} as const;

/**
 * Traccar's track exports GET /api/positions/kml, /gpx and /csv (deviceId, from, to): one visible device's
 * positions of a period, streamed from the database in batches. The replay page downloads its trace here.
 */
export const positionsExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  for (const format of Object.keys(FORMATS) as (keyof typeof FORMATS)[]) {
    app.get(
      `/positions/${format}`,
      {
        config: { permissions: ['VIEW_REPLAYS', 'VIEW_ROUTE_REPORTS'] },
        schema: { querystring: positionExportQuerySchema },
      },
      async (req, reply) => {
        const auth = caller(req);
        if (auth.user.disableReports && !auth.user.administrator) {
          throw forbidden('Reports are disabled for your account');
        }
        const subject = await trackExportSubject(auth, req.query);
        const day = (at: Date) => at.toISOString().slice(0, 10);
        const fileName = `track-${subject.device.id}-${day(subject.from)}-${day(subject.to)}.${format}`;
        const points = () => trackPositions(auth, subject);
        return streamDownload(reply, {
          mime: FORMATS[format],
          fileName,
          write: (out) => {
            if (format === 'csv') return writePositionsCsv(presented(points()), out);
            const track = { name: subject.device.name, points };
            return format === 'kml' ? writeKml(track, out) : writeGpx(track, out);
          },
        });
      },
    );
  }
};

async function* presented(rows: ReturnType<typeof trackPositions>) {
  for await (const row of rows) yield presentPosition(row);
}
