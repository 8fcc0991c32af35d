import type { ExpiredDto, ExtendInput } from '@waymark/contracts/billing';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import { addMonths } from './billing-periods';

/** At most this many tenants and this many devices are listed (the oldest expiries first). */
const EXPIRED_MAX = 500;

/** Tenants whose subscription and devices whose service have expired, within the caller's tenants. */
export async function listExpired(auth: AuthContext, now = new Date()): Promise<ExpiredDto> {
  const [tenants, devices] = await Promise.all([
    auth.db.tenant.findMany({
      where: { subscriptionExpiresAt: { lt: now } },
      select: { id: true, name: true, subscriptionExpiresAt: true, subscription: { select: { name: true } } },
      orderBy: { subscriptionExpiresAt: 'asc' },
      take: EXPIRED_MAX,
    }),
    auth.db.device.findMany({
      where: { expirationTime: { lt: now } },
      select: { id: true, name: true, uniqueId: true, tenantId: true, expirationTime: true },
      orderBy: { expirationTime: 'asc' },
      take: EXPIRED_MAX,
    }),
  ]);
  const tenantIds = [...new Set(devices.map((d) => d.tenantId).filter((id): id is number => id !== null))];
  const names = new Map(
    (await auth.db.tenant.findMany({ where: { id: { in: tenantIds } }, select: { id: true, name: true } })).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return {
    tenants: tenants.map((t) => ({
      id: t.id,
      name: t.name,
      subscriptionName: t.subscription?.name ?? null,
      expiresAt: (t.subscriptionExpiresAt as Date).toISOString(),
    })),
    devices: devices.map((d) => ({
      id: d.id,
      name: d.name,
      uniqueId: d.uniqueId,
      tenantId: d.tenantId,
      tenantName: d.tenantId === null ? null : (names.get(d.tenantId) ?? null),
      expiresAt: (d.expirationTime as Date).toISOString(),
    })),
  };
}

/** The new expiry: `months` after the old one, or after now when the old one has passed (or never was). */
export function extended(current: Date | null, months: number, now: Date): Date {
  return addMonths(current && current > now ? current : now, months);
}

/**
 * Extends the subscriptions of tenants and the service of devices by `months`. Ids outside the caller's tenants
 * are skipped like missing ones; the counts say how many were extended.
 */
export async function extendExpiry(ctx: AppContext, auth: AuthContext, input: ExtendInput, now = new Date()) {
  await checkNotReadonly(ctx, auth);
  const tenants = await auth.db.tenant.findMany({
    where: { id: { in: input.tenantIds } },
    select: { id: true, subscriptionExpiresAt: true },
  });
  const devices = await auth.db.device.findMany({
    where: { id: { in: input.deviceIds } },
    select: { id: true, tenantId: true, expirationTime: true },
  });
  await auth.db.$transaction([
    ...tenants.map((t) =>
      auth.db.tenant.update({
        where: { id: t.id },
        data: { subscriptionExpiresAt: extended(t.subscriptionExpiresAt, input.months, now) },
      }),
    ),
    ...devices.map((d) =>
      auth.db.device.update({
        where: { id: d.id },
        data: { expirationTime: extended(d.expirationTime, input.months, now) },
      }),
    ),
  ]);
  await audit(ctx, {
    action: 'billing.extended',
    userId: auth.user.id,
    objectType: 'billing',
    details: { tenantIds: tenants.map((t) => t.id), deviceIds: devices.map((d) => d.id), months: input.months },
  });
  return { tenants: tenants.length, devices: devices.length };
}
