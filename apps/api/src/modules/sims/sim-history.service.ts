import type { SimEvent } from '@waymark/contracts/sim';
import type { Prisma, SimStatus } from '@waymark/db/client';
import type { AuthContext } from '../../plugins/app/auth-context';

/** What one change of a SIM card records. */
export interface SimChange {
  simCardId: number;
  action: SimEvent['action'];
  fromStatus?: SimStatus | null;
  toStatus?: SimStatus | null;
  deviceId?: number | null;
  details?: Record<string, unknown>;
}

type Tx = Pick<Prisma.TransactionClient, 'simCardEvent'>;

/** Appends to a card's history, in the transaction of the change itself so the two never disagree. */
export async function recordSimChange(tx: Tx, auth: AuthContext, change: SimChange): Promise<void> {
  await tx.simCardEvent.create({
    data: {
      simCardId: change.simCardId,
      action: change.action,
      fromStatus: change.fromStatus ?? null,
      toStatus: change.toStatus ?? null,
      deviceId: change.deviceId ?? null,
      userId: auth.user.id,
      details: (change.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}

export type SimEventRow = Prisma.SimCardEventGetPayload<object> & { userName: string | null };

/**
 * A card's history, newest first (at most `limit` entries). The card must be in the caller's scope: history rows
 * carry no tenant of their own, so the caller checks the card first.
 */
export async function simHistory(auth: AuthContext, simCardId: number, limit = 500): Promise<SimEventRow[]> {
  const rows = await auth.db.simCardEvent.findMany({
    where: { simCardId },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  // names of users outside the caller's tenants stay hidden
  const users = await auth.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((r) => ({ ...r, userName: r.userId === null ? null : (names.get(r.userId) ?? null) }));
}
