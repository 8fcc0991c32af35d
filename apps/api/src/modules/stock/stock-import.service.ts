import { iccidProblem, imeiProblem } from '@waymark/contracts/identifiers';
import type { StockImportReport, StockImportRow } from '@waymark/contracts/stock-device';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkDeviceWrite } from '../devices/devices.service';
import { type CsvDevice, readCsv, renderReport } from './stock-import.csv';
import { stockStatusOf } from './stock-rules';

/**
 * Bulk CSV upload of stock devices. The preview reads the file and gives each row its problems; the import checks
 * again and, only when no row has one, creates every device (and the SIM cards it names) in one transaction.
 */

const IDENTIFIER = /^[\w.:-]{1,64}$/;
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A checked row and what it resolves to. */
interface Checked {
  row: StockImportRow;
  modelId: number | null;
  vendorId: number | null;
  /** an existing SIM card to link, or null (a new one is created when the row has an ICCID) */
  simCardId: number | null;
}

function parseExpiry(text: string | null): Date | null | 'bad' {
  if (!text) return null;
  if (!DAY_OR_TIME.test(text)) return 'bad';
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1970 || year > 9999 ? 'bad' : date;
}

/** Looks every row up at once: the stock's IMEIs, the models, vendors and SIM cards the file names. */
async function checkRows(ctx: AppContext, auth: AuthContext, csv: CsvDevice[]): Promise<Checked[]> {
  const imeis = csv.map((r) => r.imei).filter(Boolean);
  const iccids = csv.map((r) => r.iccid).filter((v): v is string => v !== null);
  const names = (key: 'model' | 'vendor') => [
    ...new Set(csv.map((r) => r[key]).filter((v): v is string => v !== null)),
  ];
  // a join with unnest of one array parameter: Prisma's `in` with thousands of values costs seconds to compile,
  // and `= ANY(array)` lets the planner pick the trigram index, one bitmap per value (minutes for thousands)
  const [taken, models, vendors, sims] = await Promise.all([
    // uniqueId is unique across the platform: a device out of the caller's sight still clashes
    ctx.db.$queryRaw<{ uniqueId: string }[]>`
      SELECT d."uniqueId" FROM unnest(${imeis}::text[]) AS u(v) JOIN devices d ON d."uniqueId" = u.v`,
    auth.db.deviceModel.findMany({ where: { name: { in: names('model') } }, select: { id: true, name: true } }),
    auth.db.vendor.findMany({ where: { name: { in: names('vendor') } }, select: { id: true, name: true } }),
    ctx.db.$queryRaw<{ id: number; iccid: string; tenantId: number | null; deviceUniqueId: string | null }[]>`
      SELECT s.id, s.iccid, s."tenantId", d."uniqueId" AS "deviceUniqueId"
      FROM unnest(${iccids}::text[]) AS u(v) JOIN sim_cards s ON s.iccid = u.v
      LEFT JOIN devices d ON d."simCardId" = s.id`,
  ]);
  const takenSet = new Set(taken.map((d) => d.uniqueId));
  const modelByName = new Map(models.map((m) => [m.name.toLowerCase(), m.id]));
  const vendorByName = new Map(vendors.map((v) => [v.name.toLowerCase(), v.id]));
  const simByIccid = new Map(sims.map((s) => [s.iccid, s]));
  const usable = (tenantId: number | null) =>
    auth.scope.platform || (tenantId !== null && auth.scope.tenantIds.includes(tenantId));
  const firstImei = new Map<string, number>();
  const firstIccid = new Map<string, number>();

  return csv.map((r) => {
    const problems: string[] = [];
    if (!r.imei) problems.push('IMEI is missing');
    else if (!IDENTIFIER.test(r.imei)) problems.push('IMEI may contain letters, digits and . _ : - only (64 at most)');
    else {
      const bad = imeiProblem(r.imei);
      if (bad) problems.push(bad);
      const first = firstImei.get(r.imei);
      if (first !== undefined) problems.push(`IMEI appears twice in the file (line ${first})`);
      else firstImei.set(r.imei, r.line);
      if (takenSet.has(r.imei)) problems.push('A device with this IMEI already exists');
    }
    const modelId = r.model ? (modelByName.get(r.model.toLowerCase()) ?? null) : null;
    if (r.model && modelId === null) problems.push(`Unknown model: ${r.model}`);
    const vendorId = r.vendor ? (vendorByName.get(r.vendor.toLowerCase()) ?? null) : null;
    if (r.vendor && vendorId === null) problems.push(`Unknown vendor: ${r.vendor}`);
    let simCardId: number | null = null;
    if (r.iccid) {
      const bad = iccidProblem(r.iccid);
      if (bad) problems.push(bad);
      const first = firstIccid.get(r.iccid);
      if (first !== undefined) problems.push(`ICCID appears twice in the file (line ${first})`);
      else firstIccid.set(r.iccid, r.line);
      const sim = simByIccid.get(r.iccid);
      if (sim?.deviceUniqueId) problems.push(`ICCID is already in device ${sim.deviceUniqueId}`);
      else if (sim && !usable(sim.tenantId)) problems.push('ICCID belongs to a SIM card of another tenant');
      else if (sim) simCardId = sim.id;
    }
    if (r.name && r.name.length > 128) problems.push('Name must be at most 128 characters');
    if (r.phone && r.phone.length > 64) problems.push('Phone must be at most 64 characters');
    const expiry = parseExpiry(r.expiry);
    if (expiry === 'bad') problems.push('Expiry must be a date (YYYY-MM-DD) or an ISO-8601 time');
    const row: StockImportRow = {
      line: r.line,
      imei: r.imei,
      name: r.name ?? r.imei,
      model: r.model,
      iccid: r.iccid,
      vendor: r.vendor,
      phone: r.phone,
      expiry: expiry instanceof Date ? expiry.toISOString() : null,
      status: problems.length ? 'problem' : 'ok',
      problems,
      deviceId: null,
    };
    return { row, modelId, vendorId, simCardId };
  });
}

function report(checked: Checked[]): StockImportReport {
  const rows = checked.map((c) => c.row);
  return {
    rows,
    total: rows.length,
    problems: rows.filter((r) => r.problems.length > 0).length,
    created: rows.filter((r) => r.status === 'created').length,
    report: renderReport(rows),
  };
}

/** Reads the CSV and gives each row its problems; nothing is written. */
export async function previewImport(ctx: AppContext, auth: AuthContext, csv: string): Promise<StockImportReport> {
  return report(await checkRows(ctx, auth, readCsv(csv)));
}

/**
 * Imports the CSV when no row has a problem (else 400 with the report): the new SIM cards, then every device, in
 * one transaction. Devices land in the platform's stock (a tenant user's: in the caller's tenant), READY when they
 * have a model and a SIM card.
 */
export async function importDevices(ctx: AppContext, auth: AuthContext, csv: string): Promise<StockImportReport> {
  await checkDeviceWrite(ctx, auth);
  const checked = await checkRows(ctx, auth, readCsv(csv));
  if (checked.length === 0) throw badRequest('The CSV has no rows');
  const result = report(checked);
  if (result.problems > 0)
    throw new HttpError(400, 'Some rows have problems: nothing was imported', { report: result });
  const tenantId = auth.scope.platform ? null : auth.user.tenantId;
  try {
    // one INSERT … SELECT FROM unnest per table: createMany of thousands of rows costs seconds in Prisma
    await ctx.db.$transaction(
      async (tx) => {
        const fresh = checked.filter((c) => c.row.iccid && c.simCardId === null);
        const sims = await tx.$queryRaw<{ id: number; iccid: string }[]>`
          INSERT INTO sim_cards (iccid, "vendorId", "tenantId", "updatedAt")
          SELECT u.iccid, u.vendor, ${tenantId}::int, now()
          FROM unnest(${fresh.map((c) => c.row.iccid)}::text[], ${fresh.map((c) => c.vendorId)}::int[]) AS u(iccid, vendor)
          RETURNING id, iccid`;
        const simIds = new Map(sims.map((s) => [s.iccid, s.id]));
        const rows = checked.map((c) => {
          const simCardId = c.simCardId ?? (c.row.iccid ? (simIds.get(c.row.iccid) ?? null) : null);
          const facts = { disabled: false, tenantId, groupId: null, userId: null, modelId: c.modelId, simCardId };
          return { ...c, simCardId, stockStatus: stockStatusOf(facts) };
        });
        const col = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
        const devices = await tx.$queryRaw<{ id: number; uniqueId: string }[]>`
          INSERT INTO devices ("uniqueId", name, "tenantId", "modelId", "vendorId", "simCardId", phone,
                               "expirationTime", "stockStatus", "updatedAt")
          SELECT u.imei, u.name, ${tenantId}::int, u.model, u.vendor, u.sim, u.phone, u.expiry, u.status::"StockStatus", now()
          FROM unnest(${col((r) => r.row.imei)}::text[], ${col((r) => r.row.name)}::text[],
                      ${col((r) => r.modelId)}::int[], ${col((r) => r.vendorId)}::int[], ${col((r) => r.simCardId)}::int[],
                      ${col((r) => r.row.phone)}::text[], ${col((r) => r.row.expiry)}::timestamp[],
                      ${col((r) => r.stockStatus)}::text[])
            AS u(imei, name, model, vendor, sim, phone, expiry, status)
          RETURNING id, "uniqueId"`;
        const idOf = new Map(devices.map((d) => [d.uniqueId, d.id]));
        for (const c of checked) {
          c.row.status = 'created';
          c.row.deviceId = idOf.get(c.row.imei) ?? null;
        }
      },
      { timeout: 60_000 },
    );
  } catch (err) {
    // a unique violation: another upload or the pipeline added one of these IMEIs or ICCIDs meanwhile
    const code = (err as { code?: string; meta?: { code?: string } }).code;
    if (code === 'P2002' || code === 'P2010' || /unique|23505/i.test(String((err as Error).message))) {
      throw conflict('An IMEI or ICCID of the file was added meanwhile: preview the file again');
    }
    throw err;
  }
  await audit(ctx, {
    action: 'device.imported',
    userId: auth.user.id,
    tenantId,
    objectType: 'device',
    details: { count: checked.length },
  });
  return report(checked);
}
