import type { ListQuery } from '@waymark/contracts/common';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import type { ListLinks } from './list-query';
import { listConditions, listPage } from './list-query';
import { checkNotReadonly } from './readonly';

/** UserLink kinds (schema.prisma): Traccar's permission links of a user to objects. */
export type LinkKind = 'geofence' | 'notification' | 'calendar' | 'driver' | 'command' | 'maintenance' | 'attribute';

type IdWhere = { id: { in: number[] } };
type TenantWhere = { tenantId: null };

/**
 * The conditions of a list call on a resource linked to users through UserLink rows of `kind`: Traccar's list
 * parameters (see list-query.ts), plus `all`: platform staff see the platform's own rows (no tenant) unless
 * they ask for all; tenant users see their tenants' rows either way (the access scope limits them).
 */
export async function linkedListConditions<W>(
  auth: AuthContext,
  q: ListQuery,
  kind: LinkKind | null,
  links: Omit<ListLinks<W>, 'user'> & { user?: ListLinks<W>['user'] },
): Promise<W[]> {
  let user = links.user;
  if (!user && kind && q.userId !== undefined) {
    const rows = await auth.db.userLink.findMany({ where: { userId: q.userId, kind }, select: { objectId: true } });
    const ids = rows.map((r) => r.objectId);
    user = () => ({ id: { in: ids } }) satisfies IdWhere as W;
  }
  const where = await listConditions<W>(auth, q, { ...links, ...(user ? { user } : {}) });
  if (auth.scope.platform && !q.all) where.push({ tenantId: null } satisfies TenantWhere as W);
  return where;
}

/** The usual `keyword` list condition: the name or the description contains it, in any case. */
export const nameOrDescriptionHas = (keyword: string) => ({
  OR: [
    { name: { contains: keyword, mode: 'insensitive' as const } },
    { description: { contains: keyword, mode: 'insensitive' as const } },
  ],
});

/** The tenant a new row belongs to: the caller's for tenant users, the body's (or none) for platform staff. */
export function newRowTenant(auth: AuthContext, requested: number | null | undefined): number | null {
  if (!auth.scope.platform) return requested ?? auth.user.tenantId;
  return requested ?? null;
}

/** What every linked row has: an id and the tenant it belongs to (none: the platform's own). */
interface LinkedRow {
  id: number;
  tenantId: number | null;
}

/** The part of a Prisma model that the linked-resource service uses; every linked model has it. */
interface LinkedModel<Row, Create, Update, Where, Order> {
  findUnique(args: { where: { id: number } }): PromiseLike<Row | null>;
  findMany(args: { where: { AND: Where[] }; orderBy: Order; take: number; skip?: number }): PromiseLike<Row[]>;
  create(args: { data: Create }): PromiseLike<Row>;
  update(args: { where: { id: number }; data: Update }): PromiseLike<Row>;
  delete(args: { where: { id: number } }): PromiseLike<unknown>;
}

/** How one Traccar resource linked to users is stored, found, listed and audited. */
export interface LinkedResourceOptions<Row, Create, Update, Where, Order> {
  /** its UserLink kind: a new row is linked to its creator, a deleted one loses its links (null: neither) */
  kind: LinkKind | null;
  /** its Prisma model, on the caller's scoped client or inside a transaction */
  model: (db: Prisma.TransactionClient) => LinkedModel<Row, Create, Update, Where, Order>;
  /** the 404 text of a row the caller cannot see */
  notFound: string;
  /** audit entries are `<action>.created`, `.updated`, `.deleted` about an object of `objectType` */
  audit: { action: string; objectType: string };
  /** the order of its lists */
  orderBy: NoInfer<Order>;
  /** how the list parameters userId (when not through UserLink), groupId, deviceId and keyword select rows */
  links: NoInfer<Omit<ListLinks<Where>, 'user'> & { user?: ListLinks<Where>['user'] }>;
  /** a resource that is a subset of the model's rows: the list condition and the test of a loaded row */
  subset?: NoInfer<{ where: Where; has: (row: Row) => boolean }>;
}

/** The Traccar CRUD of a resource linked to users, written once; each resource's service adds its own rules. */
interface LinkedResource<Row, Create, Update, Where> {
  /** Rows matching Traccar's list parameters (and `extra` conditions), in the resource's order. */
  list(auth: AuthContext, q: ListQuery, extra?: Where[]): Promise<Row[]>;
  /** The row the caller may see, or a 404. */
  get(auth: AuthContext, id: number): Promise<Row>;
  /** Creates the row, links it to its creator in the same transaction, then audits `<action>.created`. */
  create(ctx: AppContext, auth: AuthContext, data: Create): Promise<Row>;
  /** Changes a row (the caller's scope limits which), then audits `<action>.updated`. */
  update(ctx: AppContext, auth: AuthContext, id: number, data: Update): Promise<Row>;
  /**
   * Deletes the row the caller may see (404 otherwise): its user links and the row in one transaction (the
   * schema's cascades and set-nulls handle device and group links), then audits `<action>.deleted`.
   */
  remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void>;
}

export function linkedResource<Row extends LinkedRow, Create, Update, Where, Order>(
  o: LinkedResourceOptions<Row, Create, Update, Where, Order>,
): LinkedResource<Row, Create, Update, Where> {
  const audited = (ctx: AppContext, auth: AuthContext, row: Row, event: 'created' | 'updated' | 'deleted') =>
    audit(ctx, {
      action: `${o.audit.action}.${event}`,
      userId: auth.user.id,
      tenantId: row.tenantId,
      objectType: o.audit.objectType,
      objectId: row.id,
    });

  const get = async (auth: AuthContext, id: number): Promise<Row> => {
    const row = await o.model(auth.db).findUnique({ where: { id } });
    return found(row && (!o.subset || o.subset.has(row)) ? row : null, o.notFound);
  };

  return {
    async list(auth, q, extra = []) {
      const where = await linkedListConditions<Where>(auth, q, o.kind, o.links);
      const and = [...where, ...(o.subset ? [o.subset.where] : []), ...extra];
      return o.model(auth.db).findMany({ where: { AND: and }, orderBy: o.orderBy, ...listPage(q) });
    },

    get,

    async create(ctx, auth, data) {
      await checkNotReadonly(ctx, auth);
      const { kind } = o;
      const row = kind
        ? await auth.db.$transaction(async (tx) => {
            const created = await o.model(tx).create({ data });
            await tx.userLink.create({ data: { userId: auth.user.id, kind, objectId: created.id } });
            return created;
          })
        : await o.model(auth.db).create({ data });
      await audited(ctx, auth, row, 'created');
      return row;
    },

    async update(ctx, auth, id, data) {
      await checkNotReadonly(ctx, auth);
      const row = await o.model(auth.db).update({ where: { id }, data });
      await audited(ctx, auth, row, 'updated');
      return row;
    },

    async remove(ctx, auth, id) {
      await checkNotReadonly(ctx, auth);
      const row = await get(auth, id);
      const { kind } = o;
      await auth.db.$transaction(async (tx) => {
        // UserLink has no foreign key to the objects it links: remove the links by hand.
        if (kind) await tx.userLink.deleteMany({ where: { kind, objectId: row.id } });
        await o.model(tx).delete({ where: { id: row.id } });
      });
      await audited(ctx, auth, row, 'deleted');
    },
  };
}
