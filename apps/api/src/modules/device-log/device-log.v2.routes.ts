import { Readable } from 'node:stream';
import { dataSchema } from '@waymark/contracts/common';
import {
  deviceLogFileQuerySchema,
  deviceLogPageSchema,
  deviceLogParamsSchema,
  deviceLogQuerySchema,
} from '@waymark/contracts/device-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { logFileHeader, logFileLine, logFileName } from './device-log.presenter';
import { DEVICE_LOG_PERMISSIONS, deviceLogDayChunks, readDeviceLog } from './device-log.service';

/**
 * The data report (logger file): a visible device's raw frames of a UTC day, as pages of JSON entries and as a
 * text file, streamed.
 */
export const deviceLogV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/devices/:id/log',
    {
      config: { permissions: DEVICE_LOG_PERMISSIONS },
      schema: {
        params: deviceLogParamsSchema,
        querystring: deviceLogQuerySchema,
        response: { 200: dataSchema(deviceLogPageSchema) },
      },
    },
    async (req) => data(await readDeviceLog(ctx, caller(req), req.params.id, req.query)),
  );

  app.get(
    '/devices/:id/log/file',
    {
      config: { permissions: DEVICE_LOG_PERMISSIONS },
      schema: { params: deviceLogParamsSchema, querystring: deviceLogFileQuerySchema },
    },
    async (req, reply) => {
      const { device, date, chunks } = await deviceLogDayChunks(ctx, caller(req), req.params.id, req.query.date);
      async function* lines() {
        yield logFileHeader(device, date);
        for await (const entries of chunks) yield entries.map(logFileLine).join('');
      }
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${logFileName(device.uniqueId, date)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
};
