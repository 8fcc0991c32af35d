import type { Db, Prisma } from '@waymark/db/client';
import type { HistoryTable } from '../history/partitions';
import { monthOf } from '../history/partitions';

/** Makes the month partitions of `table` for the given times exist, as the pipeline and the history worker do. */
export async function ensureMonths(db: Db, table: HistoryTable, times: (Date | string)[]): Promise<void> {
  const months = new Set(times.map((t) => monthOf(new Date(t))));
  for (const month of months)
    await db.$queryRawUnsafe('SELECT partitions.ensure_month($1, $2::timestamp)', table, new Date(month).toISOString());
}

/** db.position.create with its month's partition made first. */
export async function storePosition(db: Db, args: { data: Prisma.PositionUncheckedCreateInput }) {
  await ensureMonths(db, 'positions', [args.data.fixTime]);
  return db.position.create(args);
}

/** A plain valid fix of a device at a time (OsmAnd, at 1° N 2° E), stored in its month's partition. */
export function storeFix(db: Db, device: { id: number; tenantId: number | null }, time: Date) {
  const at = { deviceTime: time, fixTime: time };
  return storePosition(db, {
    data: {
      deviceId: device.id,
      tenantId: device.tenantId,
      protocol: 'osmand',
      ...at,
      valid: true,
      latitude: 1,
      longitude: 2,
    },
  });
}

/** db.event.create with its month's partition made first. */
export async function storeEvent(db: Db, args: { data: Prisma.EventUncheckedCreateInput }) {
  await ensureMonths(db, 'events', [args.data.eventTime]);
  return db.event.create(args);
}

/** db.event.createMany with the months' partitions made first. */
export async function storeEvents(db: Db, args: { data: Prisma.EventCreateManyInput[] }) {
  await ensureMonths(
    db,
    'events',
    args.data.map((e) => e.eventTime),
  );
  return db.event.createMany(args);
}
