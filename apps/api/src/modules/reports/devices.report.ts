import { REPORT_MIME } from '@waymark/contracts/report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http-error';
import type { Language } from '../../notifications/templates/texts';
import { caller } from '../../plugins/app/auth';
import { renderedBuffer } from '../scheduled-reports/scheduled-report-run';
import { readerPreferences } from './export/export-preferences';
import type { Column, ReportDocument } from './export/report-document';
import { sendDocument } from './export/send-report';

type DeviceRow = {
  name: string;
  uniqueId: string;
  status: string;
  lastUpdate: Date | null;
  phone: string | null;
  contact: string | null;
  category: string | null;
  disabled: boolean;
  expirationTime: Date | null;
  group: { name: string } | null;
  model: { name: string } | null;
};

const COLUMN_KEYS = [
  'name',
  'uniqueId',
  'group',
  'status',
  'lastUpdate',
  'phone',
  'model',
  'contact',
  'category',
  'disabled',
  'expirationTime',
] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];

interface DevicesTexts {
  title: string;
  /** the mail that carries the spreadsheet (Traccar's /reports/devices/mail) */
  mailText: string;
  headers: Record<ColumnKey, string>;
}

const TEXTS: Record<Language, DevicesTexts> = {
  en: {
    title: 'Devices',
    mailText: 'The list of your devices you asked for is attached.',
    headers: {
      name: 'Name',
      uniqueId: 'Identifier',
      group: 'Group',
      status: 'Status',
      lastUpdate: 'Last update',
      phone: 'Phone',
      model: 'Model',
      contact: 'Contact',
      category: 'Category',
      disabled: 'Disabled',
      expirationTime: 'Expiration',
    },
  },
  fr: {
    title: 'Appareils',
    mailText: 'La liste de vos appareils que vous avez demandée est jointe.',
    headers: {
      name: 'Nom',
      uniqueId: 'Identifiant',
      group: 'Groupe',
      status: 'État',
      lastUpdate: 'Dernière mise à jour',
      phone: 'Téléphone',
      model: 'Modèle',
      contact: 'Contact',
      category: 'Catégorie',
      disabled: 'Désactivé',
      expirationTime: 'Expiration',
    },
  },
  el: {
    title: 'Συσκευές',
    mailText: 'Επισυνάπτεται η λίστα των συσκευών σας που ζητήσατε.',
    headers: {
      name: 'Όνομα',
      uniqueId: 'Αναγνωριστικό',
      group: 'Ομάδα',
      status: 'Κατάσταση',
      lastUpdate: 'Τελευταία ενημέρωση',
      phone: 'Τηλέφωνο',
      model: 'Μοντέλο',
      contact: 'Επαφή',
      category: 'Κατηγορία',
      disabled: 'Απενεργοποιημένη',
      expirationTime: 'Λήξη',
    },
  },
};

const KINDS: Partial<Record<ColumnKey, Column<DeviceRow>['kind']>> = {
  lastUpdate: 'time',
  expirationTime: 'time',
  disabled: 'boolean',
};

const cell = (row: DeviceRow, key: ColumnKey): unknown => {
  if (key === 'group' || key === 'model') return row[key]?.name ?? null;
  return row[key];
};

/** The devices the caller sees, by id, as a spreadsheet document in the reader's language and time zone. */
async function devicesDocument(ctx: AppContext, req: FastifyRequest): Promise<ReportDocument<DeviceRow>> {
  const auth = caller(req);
  const preferences = await readerPreferences(ctx.db, auth.user);
  const texts = TEXTS[preferences.language];
  const rows = await auth.db.device.findMany({
    orderBy: { id: 'asc' },
    select: {
      name: true,
      uniqueId: true,
      status: true,
      lastUpdate: true,
      phone: true,
      contact: true,
      category: true,
      disabled: true,
      expirationTime: true,
      group: { select: { name: true } },
      model: { select: { name: true } },
    },
  });
  return {
    title: texts.title,
    generatedAt: new Date(),
    preferences,
    columns: COLUMN_KEYS.map((key) => ({
      key,
      header: texts.headers[key],
      kind: KINDS[key] ?? 'text',
      value: (row: DeviceRow) => cell(row, key),
    })),
    rows,
    orientation: 'landscape',
  };
}

/**
 * Traccar's GET /api/reports/devices/{type}: `xlsx` downloads the visible devices as a spreadsheet (devices.xlsx);
 * `mail` answers 204 and mails it to the caller afterwards (a failure is logged). Any other type: 404.
 */
export async function devicesReport(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  type: string,
): Promise<FastifyReply> {
  if (type !== 'xlsx' && type !== 'mail') throw notFound();
  const doc = await devicesDocument(ctx, req);
  if (type === 'xlsx') return sendDocument(reply, 'xlsx', doc, 'devices');
  const to = caller(req).user.email;
  const send = async () => {
    const file = await renderedBuffer('xlsx', doc as ReportDocument<unknown>);
    await ctx.mailer.send({
      to,
      subject: doc.title,
      text: TEXTS[doc.preferences.language].mailText,
      attachments: [{ filename: 'devices.xlsx', content: file, contentType: REPORT_MIME.xlsx }],
    });
  };
  send().catch((err) => req.log.error({ err }, 'the devices report asked for by mail was not sent'));
  return reply.code(204).send();
}
