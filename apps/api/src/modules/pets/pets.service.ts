import type {
  PetActivityReport,
  PetComprehensiveReport,
  PetPlacesReport,
  PetProfile,
  PetProfileInput,
  PetReportQuery,
  PetSleepReport,
  PetSummary,
  PetWellnessReport,
} from '@waymark/contracts/pet';
import { PET_CATEGORIES } from '@waymark/contracts/pet';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { serverAttributes } from '../../notifications/compose';
import { pickLanguage } from '../../notifications/templates/render';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { checkNotReadonly } from '../shared/readonly';
import type { PetBucket } from './pet-activity';
import { classifyBuckets, sleepBouts, summarizeDays, summarizeHours } from './pet-activity';
import { petPdfTexts } from './pet-pdf-texts';
import type { ResolvedPeriod } from './pet-period';
import { addDays, daysBetween, resolvePeriod } from './pet-period';
import { clusterPlaces, detectStays, heatCells } from './pet-places';
import { renderPetReportPdf } from './pet-report-pdf';
import { sleepMinutes, weekTrend, wellnessScore } from './pet-wellness';
import { presentPetProfile } from './pets.presenter';
import { petBuckets, petHeat, petTrackRuns } from './pets.queries';

export const PET_NOT_FOUND = 'Device not found';
export const REPORTS_DISABLED = 'Reports are disabled for your account';
/** Days the wellness score looks at: the last 7 and a baseline of the 28 before. */
const WELLNESS_DAYS = 35;
const MAX_BOUTS = 500;

/** The device the caller sees (a foreign or unknown one is a 404), with its profile. */
async function petDevice(auth: AuthContext, deviceId: number) {
  return found(
    await auth.db.device.findUnique({
      where: { id: deviceId },
      select: { id: true, name: true, tenantId: true, category: true },
    }),
    PET_NOT_FOUND,
  );
}

export async function getPetProfile(auth: AuthContext, deviceId: number): Promise<PetProfile> {
  const device = await petDevice(auth, deviceId);
  const profile = await auth.db.petProfile.findUnique({ where: { deviceId } });
  return presentPetProfile(device, profile);
}

/** Saves the profile (read-only accounts may not); it belongs to the device's tenant. */
export async function savePetProfile(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: number,
  input: PetProfileInput,
): Promise<PetProfile> {
  const device = await petDevice(auth, deviceId);
  await checkNotReadonly(ctx, auth);
  const data = {
    species: input.species,
    breed: input.breed || null,
    weightKg: input.weightKg ?? null,
    birthDate: input.birthDate ? new Date(`${input.birthDate}T00:00:00Z`) : null,
    activeMinutesGoal: input.activeMinutesGoal,
    stepsGoal: input.stepsGoal,
  };
  const profile = await auth.db.petProfile.upsert({
    where: { deviceId },
    create: { deviceId, tenantId: device.tenantId, ...data },
    update: { ...data, tenantId: device.tenantId },
  });
  return presentPetProfile(device, profile);
}

/** The caller's pets: devices with a profile or an animal category, by name. */
export async function listPets(auth: AuthContext): Promise<PetSummary[]> {
  const devices = await auth.db.device.findMany({
    where: {
      OR: [{ petProfile: { isNot: null } }, { category: { in: [...PET_CATEGORIES], mode: 'insensitive' } }],
    },
    select: { id: true, name: true, petProfile: { select: { species: true } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 1000,
  });
  return devices.map((d) => ({
    deviceId: d.id,
    name: d.name,
    species: (d.petProfile?.species as PetSummary['species']) ?? null,
    configured: d.petProfile !== null,
  }));
}

/** Readings of the device over [from, to] (local days), classified. */
async function loadDays(auth: AuthContext, deviceId: number, period: ResolvedPeriod, from: string) {
  const buckets: PetBucket[] = await petBuckets(auth.db, { deviceId, from, to: period.to, tz: period.tz });
  const states = classifyBuckets(buckets);
  return { buckets, states, days: summarizeDays(buckets, states, daysBetween(from, period.to)) };
}

type Loaded = Awaited<ReturnType<typeof loadDays>>;

function checkReports(auth: AuthContext): void {
  if (auth.user.disableReports && !auth.user.administrator) throw forbidden(REPORTS_DISABLED);
}

async function prepare(auth: AuthContext, deviceId: number, q: PetReportQuery) {
  checkReports(auth);
  const device = await petDevice(auth, deviceId);
  const profile = presentPetProfile(device, await auth.db.petProfile.findUnique({ where: { deviceId } }));
  return { profile, period: resolvePeriod(q, auth.user.attributes) };
}

const header = (deviceId: number, p: ResolvedPeriod) => ({
  deviceId,
  view: p.view,
  from: p.from,
  to: p.to,
  timezone: p.tz,
});

/** The earliest day a set of reports needs: the view's, 14 days for the trends, and the wellness window. */
const firstDay = (p: ResolvedPeriod, wellness: boolean) =>
  [p.from, addDays(p.to, -13), wellness ? addDays(p.to, 1 - WELLNESS_DAYS) : p.from].sort()[0] as string;

const inView = (p: ResolvedPeriod, loaded: Loaded) => loaded.days.filter((d) => d.date >= p.from);

function activityOf(profile: PetProfile, p: ResolvedPeriod, loaded: Loaded): PetActivityReport {
  const days = inView(p, loaded);
  const withData = days.filter((d) => d.samples > 0);
  return {
    ...header(profile.deviceId, p),
    activeMinutesGoal: profile.activeMinutesGoal,
    stepsGoal: profile.stepsGoal,
    days,
    hours: p.view === 'day' ? summarizeHours(loaded.buckets, loaded.states, p.to) : [],
    totals: {
      steps: days.reduce((sum, d) => sum + d.steps, 0),
      activeMinutes: days.reduce((sum, d) => sum + d.activeMinutes, 0),
      daysWithData: withData.length,
      activeGoalDays: withData.filter((d) => d.activeMinutes >= profile.activeMinutesGoal).length,
      stepsGoalDays: withData.filter((d) => d.steps >= profile.stepsGoal).length,
    },
    trends: {
      steps: weekTrend(loaded.days, (d) => d.steps),
      activeMinutes: weekTrend(loaded.days, (d) => d.activeMinutes),
    },
  };
}

function sleepOf(deviceId: number, p: ResolvedPeriod, loaded: Loaded): PetSleepReport {
  const days = inView(p, loaded);
  const withData = days.filter((d) => d.samples > 0);
  const avg = (f: (d: (typeof days)[number]) => number) =>
    withData.length ? Math.round(withData.reduce((s, d) => s + f(d), 0) / withData.length) : 0;
  // the view's buckets alone (the days before it are loaded for the trends)
  const first = Math.max(
    0,
    loaded.buckets.findIndex((b) => b.day >= p.from),
  );
  const bouts = sleepBouts(loaded.buckets.slice(first), loaded.states.slice(first));
  return {
    ...header(deviceId, p),
    days,
    bouts: bouts.slice(-MAX_BOUTS),
    averages: {
      nightMinutes: avg((d) => d.sleepNightMinutes),
      dayMinutes: avg((d) => d.sleepDayMinutes),
      restMinutes: avg((d) => d.restMinutes),
    },
    trends: { sleep: weekTrend(loaded.days, sleepMinutes), rest: weekTrend(loaded.days, (d) => d.restMinutes) },
  };
}

function wellnessOf(deviceId: number, p: ResolvedPeriod, loaded: Loaded): PetWellnessReport {
  const days = loaded.days.slice(-WELLNESS_DAYS);
  return { ...header(deviceId, p), ...wellnessScore(days), days };
}

async function placesOf(auth: AuthContext, deviceId: number, p: ResolvedPeriod): Promise<PetPlacesReport> {
  const period = { deviceId, from: p.from, to: p.to, tz: p.tz };
  const [{ runs, positions }, cells] = await Promise.all([petTrackRuns(auth.db, period), petHeat(auth.db, period)]);
  return { ...header(deviceId, p), places: clusterPlaces(detectStays(runs)), heat: heatCells(cells), positions };
}

export async function petActivityReport(auth: AuthContext, id: number, q: PetReportQuery): Promise<PetActivityReport> {
  const { profile, period } = await prepare(auth, id, q);
  return activityOf(profile, period, await loadDays(auth, id, period, firstDay(period, false)));
}

export async function petSleepReport(auth: AuthContext, id: number, q: PetReportQuery): Promise<PetSleepReport> {
  const { period } = await prepare(auth, id, q);
  return sleepOf(id, period, await loadDays(auth, id, period, firstDay(period, false)));
}

export async function petWellnessReport(auth: AuthContext, id: number, q: PetReportQuery): Promise<PetWellnessReport> {
  const { period } = await prepare(auth, id, q);
  return wellnessOf(id, period, await loadDays(auth, id, period, firstDay(period, true)));
}

export async function petPlacesReport(auth: AuthContext, id: number, q: PetReportQuery): Promise<PetPlacesReport> {
  const { period } = await prepare(auth, id, q);
  return placesOf(auth, id, period);
}

/** Everything at once, from one scan of the readings and one of the track. */
export async function petComprehensiveReport(
  auth: AuthContext,
  id: number,
  q: PetReportQuery,
): Promise<PetComprehensiveReport> {
  const { profile, period } = await prepare(auth, id, q);
  const [loaded, places] = await Promise.all([
    loadDays(auth, id, period, firstDay(period, true)),
    placesOf(auth, id, period),
  ]);
  return {
    profile,
    activity: activityOf(profile, period, loaded),
    sleep: sleepOf(id, period, loaded),
    wellness: wellnessOf(id, period, loaded),
    places,
  };
}

/** The comprehensive report as a PDF in the caller's language (else the server's, else English). */
export async function petReportPdf(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  q: PetReportQuery,
): Promise<{ filename: string; pdf: Buffer }> {
  const [report, server] = await Promise.all([petComprehensiveReport(auth, id, q), serverAttributes(ctx)]);
  const language = pickLanguage(auth.user.attributes as Record<string, unknown>, server);
  const pdf = await renderPetReportPdf(report, petPdfTexts(language));
  const safeName = report.profile.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60) || 'pet';
  return { filename: `${safeName}-${report.activity.from}-${report.activity.to}.pdf`, pdf };
}
