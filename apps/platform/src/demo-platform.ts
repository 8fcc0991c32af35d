import { createTenantWithOwner } from '@waymark/api/modules/users/registration.service';
import { generatePassword, hashPassword } from '@waymark/api/security/password';
import type { Db } from '@waymark/db/client';
import { imeiOf } from '@waymark/ingest/simulator/simulation';

/**
 * `pnpm start --demo`'s platform side, so the admin pages have something to show: a reseller with two customers
 * (the demo fleet one of them), a catalogue of manufacturers, models and SIM vendors, device and SIM stock in
 * every status, subscription plans, invoices of the last months and billing notification rules.
 * Created once: the reseller's existence marks it done.
 */
export const DEMO_RESELLER = 'Northwind Telematics';
const RESELLER_EMAIL = 'reseller@waymark.local';
const CUSTOMER = 'Harbor Logistics';
const CUSTOMER_EMAIL = 'harbor@waymark.local';

const MANUFACTURERS = [
  { name: 'Teltonika', website: 'https://teltonika-gps.com' },
  { name: 'Concox', website: 'https://www.jimilab.com' },
  { name: 'Queclink', website: 'https://www.queclink.com' },
];
/** Models: name, manufacturer, protocol and its default port (the protocol catalogue's). */
const MODELS: [string, string, string, number][] = [
  ['FMB920', 'Teltonika', 'teltonika', 5027],
  ['FMC130', 'Teltonika', 'teltonika', 5027],
  ['GT06N', 'Concox', 'gt06', 5023],
  ['JM-VL01', 'Concox', 'gt06', 5023],
  ['GV300', 'Queclink', 'gl200', 5004],
];
const VENDORS = [
  { name: 'Orange Business', email: 'iot@orange.example', phone: '+33 1 00 00 00 00' },
  { name: 'Vodafone IoT', email: 'iot@vodafone.example', phone: '+44 20 0000 0000' },
  { name: '1NCE', email: 'support@1nce.example', phone: '+49 221 0000 000' },
];

/** An ICCID of the test range 89 99 (no operator uses it) with its Luhn check digit. */
export function demoIccid(index: number): string {
  const body = `899900${String(index).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const monthStart = (monthsAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
};

export interface DemoPlatform {
  /** Credentials created by this call (printed once), else empty. */
  credentials: { email: string; password: string }[];
}

export async function ensureDemoPlatform(db: Db, fleetTenantId: number): Promise<DemoPlatform> {
  if (await db.tenant.findFirst({ where: { name: DEMO_RESELLER, parentTenantId: null } })) return { credentials: [] };
  const credentials: DemoPlatform['credentials'] = [];
  const owner = async (tenantName: string, email: string, name: string) => {
    const password = generatePassword();
    const user = await createTenantWithOwner(db, {
      tenantName,
      tenantEmail: email,
      user: { name, email, passwordHash: await hashPassword(password) },
    });
    credentials.push({ email, password });
    return user.tenantId as number;
  };
  const resellerId = await owner(DEMO_RESELLER, RESELLER_EMAIL, 'Reseller administrator');
  const customerId = await owner(CUSTOMER, CUSTOMER_EMAIL, 'Harbor dispatcher');
  await db.tenant.updateMany({
    where: { id: { in: [customerId, fleetTenantId] } },
    data: { parentTenantId: resellerId },
  });

  // catalogue
  for (const m of MANUFACTURERS) await db.manufacturer.upsert({ where: { name: m.name }, create: m, update: {} });
  const makers = new Map((await db.manufacturer.findMany()).map((m) => [m.name, m.id]));
  for (const [name, maker, protocol, port] of MODELS) {
    await db.deviceModel.upsert({
      where: { name },
      create: { name, protocol, port, manufacturerId: makers.get(maker) ?? null },
      update: {},
    });
  }
  const models = await db.deviceModel.findMany({ where: { name: { in: MODELS.map((m) => m[0]) } } });
  for (const v of VENDORS) await db.vendor.upsert({ where: { name: v.name }, create: v, update: {} });
  const vendors = await db.vendor.findMany({ where: { name: { in: VENDORS.map((v) => v.name) } } });

  // plans
  const plans = [
    { name: 'Fleet Basic', priceCents: 500, currency: 'EUR', interval: 'MONTHLY' as const, deviceLimit: 50 },
    { name: 'Fleet Pro', priceCents: 900, currency: 'EUR', interval: 'MONTHLY' as const, deviceLimit: 500 },
    { name: 'Pet Yearly', priceCents: 3000, currency: 'EUR', interval: 'YEARLY' as const, deviceLimit: 5 },
  ];
  for (const p of plans) await db.subscription.upsert({ where: { name: p.name }, create: p, update: {} });
  const basic = await db.subscription.findUniqueOrThrow({ where: { name: 'Fleet Basic' } });
  const pro = await db.subscription.findUniqueOrThrow({ where: { name: 'Fleet Pro' } });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
  await db.tenant.update({
    where: { id: resellerId },
    data: { subscriptionId: pro.id, subscriptionExpiresAt: inDays(200) },
  });
  await db.tenant.update({
    where: { id: fleetTenantId },
    data: { subscriptionId: basic.id, subscriptionExpiresAt: inDays(21) },
  });
  await db.tenant.update({
    where: { id: customerId },
    data: { subscriptionId: basic.id, subscriptionExpiresAt: inDays(-3) },
  });

  // SIM stock: 60 cards, the first 30 in devices
  const statuses = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'IN_STOCK', 'SUSPENDED', 'RETIRED'] as const;
  await db.simCard.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      iccid: demoIccid(i + 1),
      msisdn: `3367000${String(i + 1).padStart(4, '0')}`,
      imsi: `20801${String(i + 1).padStart(10, '0')}`,
      vendorId: vendors[i % vendors.length]?.id ?? null,
      status: i < 30 ? ('ACTIVE' as const) : statuses[i % statuses.length],
      dataPlan: i % 2 === 0 ? '10 MB / month' : '50 MB / month',
      activatedAt: i < 30 ? monthStart(3) : null,
      expiresAt: i < 30 ? inDays(365) : null,
    })),
    skipDuplicates: true,
  });
  const sims = await db.simCard.findMany({
    where: { iccid: { in: Array.from({ length: 30 }, (_, i) => demoIccid(i + 1)) } },
  });

  // device stock: 40 trackers in every stock status
  const harbor = await db.tenant.findUniqueOrThrow({ where: { id: customerId }, select: { tenantGroupId: true } });
  const stock = Array.from({ length: 40 }, (_, i) => {
    const model = models[i % models.length];
    const sim = sims[i];
    const base = {
      uniqueId: imeiOf('8609991', i + 1),
      name: `${model?.name ?? 'Tracker'} #${i + 1}`,
      modelId: model?.id,
    };
    if (i < 12) return { ...base, stockStatus: 'IN_STOCK' as const };
    if (i < 22) return { ...base, simCardId: sim?.id, stockStatus: 'READY' as const, vendorId: sim?.vendorId };
    if (i < 25) return { ...base, disabled: true, stockStatus: 'DISABLED' as const };
    if (i < 30) return { ...base, simCardId: sim?.id, tenantId: customerId, stockStatus: 'UN_ASSIGNED' as const };
    return {
      ...base,
      simCardId: sim?.id,
      tenantId: customerId,
      groupId: harbor.tenantGroupId,
      stockStatus: 'ASSIGNED' as const,
      expirationTime: i < 33 ? inDays(-10) : inDays(180),
    };
  });
  await db.device.createMany({ data: stock, skipDuplicates: true });

  // invoices of the last three months
  let number = 1;
  for (const [tenantId, devices] of [
    [fleetTenantId, 25],
    [customerId, 10],
    [resellerId, 0],
  ] as const) {
    for (let m = 3; m >= 1; m--) {
      const periodStart = monthStart(m);
      const periodEnd = monthStart(m - 1);
      const plan = tenantId === resellerId ? pro : basic;
      const quantity = tenantId === resellerId ? 1 : devices;
      const status = m > 1 ? 'PAID' : tenantId === customerId ? 'OVERDUE' : 'ISSUED';
      await db.invoice.create({
        data: {
          tenantId,
          subscriptionId: plan.id,
          number: `DEMO-${periodStart.toISOString().slice(0, 7)}-${String(number++).padStart(3, '0')}`,
          status,
          amountCents: plan.priceCents * quantity,
          currency: plan.currency,
          periodStart,
          periodEnd,
          issuedAt: periodEnd,
          dueAt: new Date(periodEnd.getTime() + 14 * 86_400_000),
          paidAt: status === 'PAID' ? new Date(periodEnd.getTime() + 5 * 86_400_000) : null,
          lines: [{ description: `${plan.name} × ${quantity} devices`, quantity, unitCents: plan.priceCents }],
        },
      });
    }
  }

  await db.billingNotification.createMany({
    data: [
      { name: 'Subscription expires in 7 days', type: 'DAYS_BEFORE_EXPIRY', value: 7 },
      { name: 'Invoice overdue for 3 days', type: 'INVOICE_OVERDUE', value: 3 },
      { name: 'Device limit at 90 %', type: 'DEVICE_LIMIT_REACHED', value: 90, enabled: false },
    ],
  });
  return { credentials };
}
