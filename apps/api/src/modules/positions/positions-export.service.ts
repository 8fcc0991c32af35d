import type { PositionExportQuery } from '@waymark/contracts/device';
import { REPORT_MAX_DAYS } from '@waymark/contracts/report';
import type { Position as PositionRow, Prisma } from '@waymark/db/client';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

/** Positions read per query: a track of any length streams in batches of this size. */
export const EXPORT_BATCH = 2000;

/** A period no longer than the route report's (what a track export reads is the same raw positions). */
const MAX_MS = REPORT_MAX_DAYS.route * 24 * 3600 * 1000;

/** The device (visible to the caller) and period of a track export, checked before anything is written. */
export async function trackExportSubject(
  auth: AuthContext,
  q: PositionExportQuery,
): Promise<{ device: { id: number; name: string }; from: Date; to: Date; geofenceId: number | null }> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (from > to) throw badRequest('from must not be after to');
  if (to.getTime() - from.getTime() > MAX_MS) {
    throw badRequest(`The period is longer than ${REPORT_MAX_DAYS.route} days`);
  }
  const device = found(
    await auth.db.device.findUnique({ where: { id: q.deviceId }, select: { id: true, name: true } }),
    'Device not found',
  );
  if (q.geofenceId !== undefined) {
    found(
      await auth.db.geofence.findUnique({ where: { id: q.geofenceId }, select: { id: true } }),
      'Geofence not found',
    );
  }
  return { device, from, to, geofenceId: q.geofenceId ?? null };
}

/**
 * The device's positions of the period in (fixTime, id) order, read through the caller's scoped database in
 * batches that resume after the last row read (keyset), so a long period never sits in memory or in one query.
 */
export async function* trackPositions(
  auth: AuthContext,
  subject: { device: { id: number }; from: Date; to: Date; geofenceId: number | null },
): AsyncGenerator<PositionRow> {
  const base: Prisma.PositionWhereInput = {
    deviceId: subject.device.id,
    fixTime: { gte: subject.from, lte: subject.to },
    ...(subject.geofenceId !== null ? { geofenceIds: { has: subject.geofenceId } } : {}),
  };
  let after: { fixTime: Date; id: bigint } | null = null;
  for (;;) {
    const where: Prisma.PositionWhereInput = after
      ? {
          AND: [base, { OR: [{ fixTime: { gt: after.fixTime } }, { fixTime: after.fixTime, id: { gt: after.id } }] }],
        }
      : base;
    const rows = await auth.db.position.findMany({
      where,
      orderBy: [{ fixTime: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH,
    });
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { fixTime: last.fixTime, id: last.id };
  }
}
