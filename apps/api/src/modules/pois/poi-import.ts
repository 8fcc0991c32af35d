import type { PoiImportReport, PoiImportRow } from '@waymark/contracts/poi';
import { POI_CATEGORIES, type POI_IMPORT_COLUMNS, POI_IMPORT_MAX_ROWS } from '@waymark/contracts/poi';
import { parse } from 'csv-parse/sync';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { newRowTenant } from '../shared/linked-resources';
import { checkNotReadonly } from '../shared/readonly';

type Column = (typeof POI_IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['name', 'latitude', 'longitude'];
const CATEGORIES = new Set<string>(POI_CATEGORIES);
const MAX_RADIUS = 100_000;

/** The header's names compared without case, spaces, `_` or `-`; `lat`/`lon`/`lng` name the coordinates too. */
const ALIASES: Record<string, Column> = {
  name: 'name',
  latitude: 'latitude',
  lat: 'latitude',
  longitude: 'longitude',
  lon: 'longitude',
  lng: 'longitude',
  category: 'category',
  description: 'description',
  radius: 'radius',
};

/**
 * One file has one separator, told by its header line: `;` when that line has more semicolons than commas (a
 * spreadsheet set to a decimal comma writes those, and `48,9` then stays one number), `,` otherwise.
 */
export function separatorOf(csv: string): ',' | ';' {
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function records(csv: string): string[][] {
  try {
    return parse(csv, {
      bom: true,
      delimiter: separatorOf(csv),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to_line: POI_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`);
  }
}

/** A number written with a point or a decimal comma (a `;`-separated file from a French spreadsheet has those). */
function number(value: string): number | null {
  if (value === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

function checkRow(line: number, get: (c: Column) => string): PoiImportRow {
  const problems: string[] = [];
  const name = get('name');
  if (!name) problems.push('name is empty');
  else if (name.length > 128) problems.push('name is longer than 128 characters');
  const coordinate = (column: 'latitude' | 'longitude', limit: number) => {
    const value = number(get(column));
    if (value === null) problems.push(`${column} is empty`);
    else if (Number.isNaN(value)) problems.push(`${column} "${get(column)}" is not a number`);
    else if (Math.abs(value) > limit) problems.push(`${column} must be between -${limit} and ${limit}`);
    return value === null || Number.isNaN(value) ? null : value;
  };
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);
  const category = get('category').toLowerCase() || 'other';
  if (!CATEGORIES.has(category))
    problems.push(`category "${get('category')}" is not one of ${POI_CATEGORIES.join(', ')}`);
  const description = get('description') || null;
  if (description && description.length > 512) problems.push('description is longer than 512 characters');
  let radius = number(get('radius'));
  if (radius !== null && (Number.isNaN(radius) || radius <= 0 || radius > MAX_RADIUS)) {
    problems.push(`radius "${get('radius')}" must be a number of metres above 0 and at most ${MAX_RADIUS}`);
    radius = null;
  }
  if (name.includes('\u0000') || description?.includes('\u0000')) problems.push('the row contains a NUL character');
  return { line, name, latitude, longitude, category, description, radius, problems };
}

/** Reads and checks every row; a file without the required columns, or with too many rows, is refused whole. */
export function readPoiCsv(csv: string): PoiImportRow[] {
  const [header, ...body] = records(csv);
  if (!header) throw badRequest('The file is empty');
  const columns = header.map((h) => ALIASES[h.toLowerCase().replace(/[\s_-]/g, '')]);
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    throw badRequest(
      `The header line must name the columns ${REQUIRED.join(', ')} (optional: category, description, radius); ` +
        `missing: ${missing.join(', ')}`,
    );
  if (body.length === 0) throw badRequest('The file has no rows');
  if (body.length > POI_IMPORT_MAX_ROWS)
    throw badRequest(`At most ${POI_IMPORT_MAX_ROWS} rows can be imported at once`);
  return body.map((cells, index) =>
    checkRow(index + 2, (column) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    }),
  );
}

function report(rows: PoiImportRow[], imported: number): PoiImportReport {
  const invalid = rows.filter((r) => r.problems.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid, imported };
}

/** What the import would do, nothing written. */
export function previewPoiImport(csv: string): PoiImportReport {
  return report(readPoiCsv(csv), 0);
}

/**
 * Imports every row into the caller's tenant in one transaction, or none: when any row has a problem the answer
 * is 400 naming the rows (`Line 3: latitude must be between -90 and 90`), with the whole report beside it.
 */
export async function importPois(ctx: AppContext, auth: AuthContext, csv: string): Promise<PoiImportReport> {
  await checkNotReadonly(ctx, auth);
  const rows = readPoiCsv(csv);
  const refused = report(rows, 0);
  if (refused.invalid > 0) {
    const bad = rows.filter((r) => r.problems.length > 0);
    const listed = bad
      .slice(0, 5)
      .map((r) => `line ${r.line}: ${r.problems.join('; ')}`)
      .join(' · ');
    const more = bad.length > 5 ? ` · and ${bad.length - 5} more` : '';
    throw new HttpError(400, `Nothing was imported: ${bad.length} row(s) have problems (${listed}${more})`, refused);
  }
  const tenantId = newRowTenant(auth, undefined);
  await auth.db.poi.createMany({
    data: rows.map((r) => ({
      tenantId,
      name: r.name,
      description: r.description,
      category: r.category,
      latitude: r.latitude as number,
      longitude: r.longitude as number,
      ...(r.radius === null ? {} : { radius: r.radius }),
    })),
  });
  await audit(ctx, {
    action: 'poi.imported',
    userId: auth.user.id,
    tenantId,
    objectType: 'poi',
    details: { rows: rows.length },
  });
  return report(rows, rows.length);
}
