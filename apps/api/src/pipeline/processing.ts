import type { Bus, Consumer } from '@waymark/bus/bus';
import type { Event as EventRow } from '@waymark/db/client';
import type pg from 'pg';
import type { AppContext } from '../context';
import type { PartitionMonths } from '../history/partitions';
import { presentDevice } from '../modules/devices/devices.presenter';
import { presentWorking } from '../modules/positions/positions.presenter';
import { dispatchEvents } from '../notifications/dispatch';
import { pipelineConfig } from './config';
import { sweepInactive } from './inactivity';
import type { StoredBatch } from './position-pipeline';
import { createPositionPipeline } from './position-pipeline';
import { flushQueued } from './queued-commands';
import { createStatusHandler, sweepStale } from './status';

export interface Processing {
  close(): Promise<void>;
}

/**
 * The API's side of the bus: the position pipeline and the device-status handler as consumers (one per
 * partition across all API nodes), and the periodic stale-status sweep.
 */
export function startProcessing(
  ctx: AppContext,
  bus: Bus,
  pool: pg.Pool,
  options: { batchSize?: number; partitions?: PartitionMonths } = {},
): Processing {
  const onEvents = (rows: EventRow[]) => void dispatchEvents(ctx, rows);
  const onStored = (batch: StoredBatch) => {
    ctx.statistics.add('messagesStored', batch.positions.length);
    onEvents(batch.events);
    // frames are built only when a websocket somewhere listens
    if (ctx.live.hasListeners()) {
      ctx.live.publish(
        batch.positions.map((p) => ({ tenantId: p.tenantId, deviceId: p.deviceId, positions: [presentWorking(p)] })),
      );
    }
    if (batch.cameOnline.length) {
      void ctx.db.device
        .findMany({ where: { id: { in: batch.cameOnline.map((d) => d.id) } }, include: { model: true } })
        .then((rows) =>
          ctx.live.publish(rows.map((d) => ({ tenantId: d.tenantId, deviceId: d.id, devices: [presentDevice(d)] }))),
        )
        .catch((err) => ctx.log.warn({ err }, 'device status not published'));
    }
  };
  let registerUnknown = { value: false, at: 0 };
  const config = pipelineConfig(ctx.env);
  const pipeline = createPositionPipeline({
    pool,
    config,
    log: ctx.log.child({ component: 'pipeline' }),
    onStored,
    partitions: options.partitions,
    registerUnknown: async () => {
      if (Date.now() - registerUnknown.at > 10_000) {
        const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { registerUnknown: true } });
        registerUnknown = { value: server?.registerUnknown ?? false, at: Date.now() };
      }
      return registerUnknown.value;
    },
  });
  const consumers: Consumer[] = [
    bus.consume(
      'positions',
      async (batch, meta) => {
        await pipeline(batch, meta);
        // every message handed to the pipeline, filtered ones too (counted once the batch is handled)
        ctx.statistics.add('messagesReceived', batch.length);
      },
      { group: 'api', batchSize: options.batchSize ?? 150 },
    ),
    bus.consume(
      'device-status',
      createStatusHandler(
        ctx.db,
        ctx.live,
        (uniqueId) => {
          void flushQueued(ctx.db, bus, uniqueId, ctx.log, new Date(), onEvents).catch((err) =>
            ctx.log.warn({ err, uniqueId }, 'queued commands not sent'),
          );
        },
        onEvents,
      ),
      { group: 'api' },
    ),
  ];
  const timeoutMs = ctx.env.WAYMARK_STATUS_TIMEOUT * 1000;
  const sweep = setInterval(
    () => {
      void sweepStale(ctx.db, ctx.live, timeoutMs, new Date(), onEvents).catch((err) =>
        ctx.log.warn({ err }, 'status sweep failed'),
      );
      void sweepInactive(ctx.db, config.inactivityPeriod)
        .then(onEvents)
        .catch((err) => ctx.log.warn({ err }, 'inactivity sweep failed'));
    },
    Math.min(60_000, timeoutMs / 2),
  );
  sweep.unref();
  return {
    async close() {
      clearInterval(sweep);
      await Promise.all(consumers.map((c) => c.close()));
    },
  };
}
