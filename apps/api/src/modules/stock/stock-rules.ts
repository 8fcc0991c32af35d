import type { StockStatus } from '@waymark/contracts/stock-device';

/** What decides where a device stands in the stock. */
export interface StockFacts {
  disabled: boolean;
  tenantId: number | null;
  groupId: number | null;
  userId: number | null;
  modelId: number | null;
  simCardId: number | null;
}

/** A device is assigned when a group or a user uses it. */
export function isAssigned(d: Pick<StockFacts, 'groupId' | 'userId'>): boolean {
  return d.groupId !== null || d.userId !== null;
}

/**
 * The stock status, the one place it is decided: a disabled device is DISABLED whatever else holds; one used by a
 * group or user is ASSIGNED; one handed to a tenant and not used yet is UN_ASSIGNED; in the platform's stock it is
 * READY once configured (a model and a SIM card), IN_STOCK before. Every write of these facts stores it again, so
 * that the list filters and counts on an indexed column.
 */
export function stockStatusOf(d: StockFacts): StockStatus {
  if (d.disabled) return 'DISABLED';
  if (isAssigned(d)) return 'ASSIGNED';
  if (d.tenantId !== null) return 'UN_ASSIGNED';
  if (d.modelId !== null && d.simCardId !== null) return 'READY';
  return 'IN_STOCK';
}

/** The facts after a change: the device's, with the changed ones. */
export function withStatus<T extends Partial<StockFacts>>(
  before: StockFacts,
  change: T,
): T & { stockStatus: StockStatus } {
  const after = { ...before } as StockFacts;
  for (const key of Object.keys(before) as (keyof StockFacts)[]) {
    if (change[key] !== undefined) (after as unknown as Record<string, unknown>)[key] = change[key];
  }
  return { ...change, stockStatus: stockStatusOf(after) };
}

/** The columns to read for stockStatusOf. */
export const STOCK_FACTS = {
  disabled: true,
  tenantId: true,
  groupId: true,
  userId: true,
  modelId: true,
  simCardId: true,
} as const;
