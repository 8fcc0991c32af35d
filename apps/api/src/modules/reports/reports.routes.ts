import { positionSchema } from '@waymark/contracts/device';
import type { Permission } from '@waymark/contracts/permissions';
import type { ReportQuery, ReportType } from '@waymark/contracts/report';
import {
  chartQuerySchema,
  combinedReportItemSchema,
  geofenceReportQuerySchema,
  reportGeofenceSchema,
  reportQuerySchema,
  reportStopSchema,
  reportSummarySchema,
  reportTripSchema,
  summaryQuerySchema,
  tripsQuerySchema,
} from '@waymark/contracts/report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import type { AuthContext } from '../../plugins/app/auth-context';
import { combinedReport } from './combined.report';
import { devicesReport } from './devices.report';
import { loadReportNames } from './export/report-names';
import { exportFormat } from './export/send-report';
import { geofencesReport } from './geofences.report';
import { groupTrips } from './group-trips';
import { addressedStops, addressedTrips } from './report-addresses';
import type { DownloadKind, ReportContent } from './report-download';
import { DOWNLOAD_FLAG, DOWNLOAD_KINDS, mailReport, sendDownload } from './report-download';
import { routePositions, routeReport, routeScope } from './route.report';
import { summaryReport } from './summary.report';

const formatParams = z.object({ format: z.enum(DOWNLOAD_KINDS) });

/**
 * Traccar's report endpoints over the kept trips, stops and hours. Each answers JSON, or a download (XLSX, PDF,
 * CSV) when its path ends in /xlsx, /pdf or /csv or its Accept header asks for one (Traccar's way), which also
 * needs the report's DOWNLOAD flag; downloads are rendered on the server and streamed.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const download = <T extends ReportType>(
    req: FastifyRequest,
    reply: FastifyReply,
    type: T,
    format: DownloadKind,
    q: ReportQuery,
    rows: (auth: AuthContext) => Promise<ReportContent<T>>,
  ) =>
    format === 'mail'
      ? mailReport(ctx, req, reply, { type, query: q, rows })
      : sendDownload(ctx, req, reply, { type, format, query: q, rows });

  /** GET /reports/<type> (JSON, or a download by Accept) and GET /reports/<type>/:format. */
  function report<T extends ReportType, Q extends z.ZodType<ReportQuery>, J>(
    type: T,
    view: Permission[],
    querystring: Q,
    item: z.ZodType<J>,
    json: (auth: AuthContext, q: z.infer<Q>, reply: FastifyReply) => Promise<J[]>,
    rows: (auth: AuthContext, q: z.infer<Q>) => Promise<ReportContent<T>>,
  ) {
    const path = `/reports/${type}`;
    app.get(
      path,
      { config: { permissions: view }, schema: { querystring, response: { 200: z.array(item) } } },
      async (req, reply) => {
        const q = req.query as z.infer<Q>;
        const format = exportFormat(req);
        if (format) return download(req, reply, type, format, q, (auth) => rows(auth, q));
        return json(caller(req), q, reply);
      },
    );
    app.get(
      `${path}/:format`,
      { config: { permissions: [DOWNLOAD_FLAG[type]] }, schema: { params: formatParams, querystring } },
      async (req, reply) => {
        const q = req.query as z.infer<Q>;
        return download(req, reply, type, req.params.format, q, (auth) => rows(auth, q));
      },
    );
  }

  const names = (auth: AuthContext, deviceIds: number[]) => loadReportNames(auth, deviceIds);

  report(
    'route',
    ['VIEW_ROUTE_REPORTS', 'VIEW_CHART_REPORTS', 'VIEW_REPLAYS'],
    reportQuerySchema,
    positionSchema,
    async (auth, q, reply) => {
      const { rows, truncated } = await routeReport(auth, q);
      if (truncated) reply.header('x-truncated', 'true');
      return rows;
    },
    async (auth, q) => {
      const { from, to, devices } = await routeScope(auth, q);
      const ids = devices.map((d) => d.id);
      return { rows: flat(routePositions(auth, ids, from, to)), names: await names(auth, ids) };
    },
  );

  const trips = async (auth: AuthContext, q: z.infer<typeof tripsQuerySchema>) => {
    // addresses before grouping, so that group trips take their members'
    const rows = await addressedTrips(ctx.geocoder, auth, q);
    return q.groupTrips ? [...rows, ...groupTrips(rows)] : rows;
  };
  report('trips', ['VIEW_TRIP_REPORTS'], tripsQuerySchema, reportTripSchema, trips, async (auth, q) => ({
    rows: await trips(auth, q),
  }));

  const stops = async (auth: AuthContext, q: ReportQuery) => {
    return addressedStops(ctx.geocoder, auth, q);
  };
  report(
    'stops',
    ['VIEW_STOP_REPORTS', 'VIEW_REPLAYS'],
    reportQuerySchema,
    reportStopSchema,
    stops,
    async (auth, q) => ({
      rows: await stops(auth, q),
    }),
  );

  report(
    'summary',
    ['VIEW_SUMMARY_REPORTS', 'VIEW_REPLAYS'],
    summaryQuerySchema,
    reportSummarySchema,
    summaryReport,
    async (auth, q) => ({
      rows: await summaryReport(auth, q),
    }),
  );

  report(
    'geofences',
    ['VIEW_EVENT_REPORTS'],
    geofenceReportQuerySchema,
    reportGeofenceSchema,
    geofencesReport,
    async (auth, q) => ({ rows: await geofencesReport(auth, q) }),
  );

  report(
    'combined',
    ['VIEW_ROUTE_REPORTS', 'VIEW_EVENT_REPORTS'],
    reportQuerySchema,
    combinedReportItemSchema,
    combinedReport,
    async (auth, q) => {
      const rows = await combinedReport(auth, q);
      return {
        rows,
        names: await names(
          auth,
          rows.map((r) => r.deviceId),
        ),
      };
    },
  );

  // the chart is drawn in the browser from the route; its download is the route's positions with the series
  app.get(
    '/reports/chart/:format',
    {
      config: { permissions: ['DOWNLOAD_CHART_REPORTS'] },
      schema: { params: formatParams, querystring: chartQuerySchema },
    },
    async (req, reply) => {
      const q = req.query;
      return download(req, reply, 'chart', req.params.format, q, async (auth) => {
        const { from, to, devices } = await routeScope(auth, q, 'chart');
        const ids = devices.map((d) => d.id);
        return {
          rows: flat(routePositions(auth, ids, from, to)),
          names: await names(auth, ids),
          series: q.key ?? ['speed'],
        };
      });
    },
  );

  // Traccar's list of devices as a spreadsheet (xlsx) or mailed (mail): who sees devices may have it
  app.get(
    '/reports/devices/:type',
    {
      config: { permissions: ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_DEVICE_DETAILS'] },
      schema: { params: z.object({ type: z.string().max(16) }) },
    },
    async (req, reply) => devicesReport(ctx, req, reply, req.params.type),
  );
};

/** The chunks of an async generator, one row at a time. */
async function* flat<R>(chunks: AsyncIterable<R[]>): AsyncGenerator<R> {
  for await (const chunk of chunks) yield* chunk;
}
