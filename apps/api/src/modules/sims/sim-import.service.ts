import { iccidProblem } from '@waymark/contracts/identifiers';
import type { SimImportReport, SimImportRow, SimStatus } from '@waymark/contracts/sim';
import { imsiProblem, msisdnProblem, SIM_STATUSES } from '@waymark/contracts/sim';
import type { AppContext } from '../../context';
import { conflict, HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkStockWrite } from '../catalogue/stock-access';
import { readSimCsv } from './sim-csv';
import { ICCID_EXISTS } from './sims.service';

interface CheckedRow {
  row: SimImportRow;
  vendorId: number | null;
  status: SimStatus;
  activatedAt: Date | null;
  expiresAt: Date | null;
}

/** 'in stock', 'In-Stock' and 'IN_STOCK' are one status. */
const statusOf = (text: string): SimStatus | undefined => {
  const key = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return key === '' ? 'IN_STOCK' : SIM_STATUSES.find((s) => s === key);
};

/** A calendar day (YYYY-MM-DD, UTC midnight) or an ISO-8601 time; undefined when it is neither. */
function dateOf(text: string): Date | null | undefined {
  if (text === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970 ? undefined : date;
}

/** Every row of the file with its problems: the ICCID (digits, length, check digit, duplicates), MSISDN, IMSI,
 * vendor (by name), status and dates. */
async function checkRows(ctx: AppContext, auth: AuthContext, csv: string): Promise<CheckedRow[]> {
  const rows = readSimCsv(csv);
  const vendors = await auth.db.vendor.findMany({ select: { id: true, name: true } });
  const vendorIds = new Map(vendors.map((v) => [v.name.toLowerCase(), v.id]));
  // ICCIDs are unique across the platform, so the whole stock is asked, not only the caller's cards
  const stocked = await ctx.db.simCard.findMany({
    where: { iccid: { in: rows.map((r) => r.iccid) } },
    select: { iccid: true },
  });
  const inStock = new Set(stocked.map((s) => s.iccid));
  const firstLine = new Map<string, number>();
  return rows.map((read) => {
    const problems: string[] = [];
    const iccid = iccidProblem(read.iccid);
    if (iccid) problems.push(iccid);
    const seen = firstLine.get(read.iccid);
    if (seen !== undefined) problems.push(`ICCID appears twice in the file (first on line ${seen})`);
    else firstLine.set(read.iccid, read.line);
    if (inStock.has(read.iccid)) problems.push(ICCID_EXISTS);
    const msisdn = read.msisdn ? msisdnProblem(read.msisdn) : null;
    if (msisdn) problems.push(msisdn);
    const imsi = read.imsi ? imsiProblem(read.imsi) : null;
    if (imsi) problems.push(imsi);
    if (read.dataPlan.length > 128) problems.push('Data plan must be at most 128 characters');
    const vendorId = read.vendor ? vendorIds.get(read.vendor.toLowerCase()) : null;
    if (vendorId === undefined) problems.push(`Unknown vendor "${read.vendor}"`);
    const status = statusOf(read.status);
    if (!status) problems.push(`Unknown status "${read.status}" (in stock, active, suspended or retired)`);
    const activatedAt = dateOf(read.activatedAt);
    if (activatedAt === undefined) problems.push(`Activation "${read.activatedAt}" is not a date (YYYY-MM-DD)`);
    const expiresAt = dateOf(read.expiresAt);
    if (expiresAt === undefined) problems.push(`Expiry "${read.expiresAt}" is not a date (YYYY-MM-DD)`);
    if (activatedAt && expiresAt && expiresAt < activatedAt) problems.push('Expiry must not be before activation');
    return {
      row: { ...read, problems },
      vendorId: vendorId ?? null,
      status: status ?? 'IN_STOCK',
      activatedAt: activatedAt ?? null,
      expiresAt: expiresAt ?? null,
    };
  });
}

function report(checked: CheckedRow[], imported: number): SimImportReport {
  const invalid = checked.filter((c) => c.row.problems.length > 0).length;
  return { rows: checked.map((c) => c.row), valid: checked.length - invalid, invalid, imported };
}

/** What an import of the file would do, row by row; nothing is written. */
export async function previewSimImport(ctx: AppContext, auth: AuthContext, csv: string): Promise<SimImportReport> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  return report(await checkRows(ctx, auth, csv), 0);
}

/**
 * Imports every row of the file or none: a file with any row in trouble is refused (400) with the per-row report,
 * and a clash found while writing (another import won the race) undoes the whole file.
 */
export async function importSims(ctx: AppContext, auth: AuthContext, csv: string): Promise<SimImportReport> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  const checked = await checkRows(ctx, auth, csv);
  const refused = report(checked, 0);
  if (refused.invalid > 0)
    throw new HttpError(400, `${refused.invalid} row(s) have problems: nothing was imported`, refused);
  try {
    await auth.db.$transaction(async (tx) => {
      const created = await tx.simCard.createManyAndReturn({
        data: checked.map((c) => ({
          iccid: c.row.iccid,
          msisdn: c.row.msisdn || null,
          imsi: c.row.imsi || null,
          vendorId: c.vendorId,
          status: c.status,
          dataPlan: c.row.dataPlan || null,
          activatedAt: c.activatedAt ?? (c.status === 'ACTIVE' ? new Date() : null),
          expiresAt: c.expiresAt,
        })),
        select: { id: true, status: true },
      });
      await tx.simCardEvent.createMany({
        data: created.map((s) => ({ simCardId: s.id, action: 'imported', toStatus: s.status, userId: auth.user.id })),
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw conflict(ICCID_EXISTS);
    throw error;
  }
  await audit(ctx, {
    action: 'sim.imported',
    userId: auth.user.id,
    tenantId: auth.user.tenantId,
    objectType: 'sim',
    details: { rows: checked.length },
  });
  return report(checked, checked.length);
}
