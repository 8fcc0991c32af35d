import type pg from 'pg';
import { fixTimeText } from '../pipeline/store';
import type { WorkingPosition } from '../pipeline/types';

/** How long the pipeline trusts what it last read of the enabled position targets. */
const TARGETS_TTL_MS = 5_000;

/**
 * Which tenants' positions some enabled target wants, read at most every few seconds: the pipeline asks once per
 * batch, and with no target (the usual case) it then writes nothing more. The INSERT itself joins the forwarding
 * table, so a target switched off or deleted since the last read receives nothing; one switched on is seen within
 * TARGETS_TTL_MS on every node (at once on the node that changed it, through `forget`).
 */
export class ForwardingTargets {
  private serverWide = false;
  private tenants = new Set<number>();
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly ttlMs = TARGETS_TTL_MS) {}

  /** Whether any of these tenants' positions (null: a device in stock) go to an enabled target. */
  async wanted(client: pg.ClientBase, tenantIds: Iterable<number | null>, now = Date.now()): Promise<boolean> {
    if (now - this.readAt >= this.ttlMs) {
      // a tenant's target covers its sub-tenants' devices too: every tenant under one with a target is wanted
      const { rows } = await client.query<{ tenantId: number | null }>({
        name: 'waymark-forwarding-targets',
        text: `WITH RECURSIVE covered(id) AS (
                 SELECT DISTINCT "tenantId" FROM forwarding WHERE enabled AND positions
                 UNION
                 SELECT t.id FROM tenants t JOIN covered c ON t."parentTenantId" = c.id)
               SELECT id AS "tenantId" FROM covered`,
      });
      this.serverWide = rows.some((r) => r.tenantId === null);
      this.tenants = new Set(rows.flatMap((r) => (r.tenantId === null ? [] : [r.tenantId])));
      this.readAt = now;
    }
    if (this.serverWide) return true;
    if (this.tenants.size === 0) return false;
    for (const id of tenantIds) if (id !== null && this.tenants.has(id)) return true;
    return false;
  }

  private readonly listeners = new Set<() => void>();

  /** Read the targets again at the next batch (a target of this node was created, changed or deleted). */
  forget(): void {
    this.readAt = Number.NEGATIVE_INFINITY;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` at each `forget` (the forwarding worker reads its targets again); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The process's cache: the pipeline reads it, the forwarding service makes it forget. */
export const forwardingTargets = new ForwardingTargets();

/**
 * The tenant `tenant` and every tenant above it (a tenant's target covers its sub-tenants' devices), as a
 * subquery for a join condition on `forwarding f`.
 */
const COVERS = (tenant: string) => `f."tenantId" IN (
           WITH RECURSIVE up(id) AS (
             SELECT ${tenant}
             UNION
             SELECT t."parentTenantId" FROM tenants t JOIN up ON t.id = up.id WHERE t."parentTenantId" IS NOT NULL)
           SELECT id FROM up)`;

/**
 * The batch's positions into the outbox of every enabled target that wants them (server-wide, or the device's
 * tenant's or any tenant's above it), in one INSERT … SELECT inside
 * the store transaction (so a position is forwarded if and only if it is stored). Skipped without a statement
 * when no target wants these tenants' positions.
 */
export async function enqueuePositions(
  client: pg.ClientBase,
  rows: readonly (WorkingPosition & { id: bigint })[],
  targets: ForwardingTargets = forwardingTargets,
): Promise<void> {
  if (rows.length === 0 || !(await targets.wanted(client, tenantsOf(rows)))) return;
  await client.query({
    name: 'waymark-forward-positions',
    text: `WITH RECURSIVE p AS (
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[]) WITH ORDINALITY AS p(id, ft, tenant, n)),
     up(tenant, covering) AS (
       SELECT DISTINCT tenant, tenant FROM p WHERE tenant IS NOT NULL
       UNION
       SELECT up.tenant, t."parentTenantId" FROM up JOIN tenants t ON t.id = up.covering
        WHERE t."parentTenantId" IS NOT NULL)
     INSERT INTO forwarding_outbox ("forwardingId", "positionId", "fixTime")
     SELECT fid, id, ft::timestamp(3) FROM (
       SELECT f.id AS fid, p.id, p.ft, p.n FROM p JOIN forwarding f ON f.enabled AND f.positions AND f."tenantId" IS NULL
       UNION ALL
       SELECT f.id, p.id, p.ft, p.n FROM p JOIN up ON up.tenant = p.tenant
         JOIN forwarding f ON f.enabled AND f.positions AND f."tenantId" = up.covering) AS wanted
      ORDER BY fid, n`,
    values: [rows.map((r) => r.id.toString()), rows.map(fixTimeText), rows.map((r) => r.tenantId)],
  });
}

function tenantsOf(rows: readonly { tenantId: number | null }[]): Set<number | null> {
  const set = new Set<number | null>();
  for (const r of rows) set.add(r.tenantId);
  return set;
}

/**
 * A CTE for the statements that store events (`stored`, with id and tenantId, RETURNING from the INSERT): the
 * same statement puts each event into the outbox of every enabled target that wants events. Events are few next
 * to positions, so the join with the (small) forwarding table is always made.
 */
export const FORWARD_STORED_EVENTS = `forwarded AS (
       INSERT INTO forwarding_outbox ("forwardingId", "eventId")
       SELECT f.id, s.id FROM stored s
         JOIN forwarding f ON f.enabled AND f.events AND (f."tenantId" IS NULL OR ${COVERS('s."tenantId"')})
        ORDER BY f.id, s.id)`;

/** The same for events stored by Prisma (their ids and tenants), inside the transaction that stored them. */
export const FORWARD_EVENT_IDS = `INSERT INTO forwarding_outbox ("forwardingId", "eventId")
  SELECT f.id, e.id FROM unnest($1::bigint[], $2::int[]) AS e(id, tenant)
    JOIN forwarding f ON f.enabled AND f.events AND (f."tenantId" IS NULL OR ${COVERS('e.tenant')})
   ORDER BY f.id, e.id`;
