import { positionSchema } from '@waymark/contracts/device';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { combinedReport } from './combined.report';
import { geofencesReport } from './geofences.report';
import { groupTrips } from './group-trips';
import { routeReport } from './route.report';
import { driverNames, presentStop, presentTrip } from './segments.presenter';
import { segmentsReport } from './segments.report';
import { summaryReport } from './summary.report';

/** Traccar's report endpoints (JSON) over the kept trips, stops and hour tallies. */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/reports/route',
    {
      config: { permissions: ['VIEW_ROUTE_REPORTS', 'VIEW_CHART_REPORTS', 'VIEW_REPLAYS'] },
      schema: { querystring: reportQuerySchema, response: { 200: z.array(positionSchema) } },
    },
    async (req, reply) => {
      const { rows, truncated } = await routeReport(caller(req), req.query);
      if (truncated) reply.header('x-truncated', 'true');
      return rows;
    },
  );

  app.get(
    '/reports/trips',
    {
      config: { permissions: ['VIEW_TRIP_REPORTS'] },
      schema: { querystring: tripsQuerySchema, response: { 200: z.array(reportTripSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const items = await segmentsReport(auth, 'trip', req.query);
      const drivers = await driverNames(auth, items);
      const trips = items.map((i) => presentTrip(i, drivers));
      return req.query.groupTrips ? [...trips, ...groupTrips(trips)] : trips;
    },
  );

  app.get(
    '/reports/stops',
    {
      config: { permissions: ['VIEW_STOP_REPORTS'] },
      schema: { querystring: reportQuerySchema, response: { 200: z.array(reportStopSchema) } },
    },
    async (req) => (await segmentsReport(caller(req), 'stop', req.query)).map(presentStop),
  );

  app.get(
    '/reports/summary',
    {
      config: { permissions: ['VIEW_SUMMARY_REPORTS'] },
      schema: { querystring: summaryQuerySchema, response: { 200: z.array(reportSummarySchema) } },
    },
    async (req) => summaryReport(caller(req), req.query),
  );

  app.get(
    '/reports/geofences',
    {
      config: { permissions: ['VIEW_EVENT_REPORTS'] },
      schema: { querystring: geofenceReportQuerySchema, response: { 200: z.array(reportGeofenceSchema) } },
    },
    async (req) => geofencesReport(caller(req), req.query),
  );

  app.get(
    '/reports/combined',
    {
      config: { permissions: ['VIEW_ROUTE_REPORTS', 'VIEW_EVENT_REPORTS'] },
      schema: { querystring: reportQuerySchema, response: { 200: z.array(combinedReportItemSchema) } },
    },
    async (req) => combinedReport(caller(req), req.query),
  );
};
