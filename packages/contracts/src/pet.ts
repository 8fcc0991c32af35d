import { z } from 'zod';
import { daySchema, isoTimeSchema, text, timeZoneSchema } from './common';

/**
 * Pet reports: what a pet tracker's positions (steps, motion, heartRate, batteryLevel) say about the animal, per
 * local day of the caller's time zone. Durations here are whole minutes (a pet app's unit, not Traccar's), steps
 * are counts, heart rates beats per minute, distances metres, times ISO-8601 UTC.
 */

export const PET_SPECIES = ['dog', 'cat', 'other'] as const;
export type PetSpecies = (typeof PET_SPECIES)[number];

/** Goals a profile starts with until its owner sets them (a moderately active adult dog). */
export const PET_DEFAULT_GOALS = { activeMinutesGoal: 60, stepsGoal: 8000 } as const;

/** The profile an owner edits: PUT /api/v2/pets/:id/profile. */
export const petProfileInputSchema = z.object({
  species: z.enum(PET_SPECIES),
  breed: text().trim().max(80).nullable().optional(),
  weightKg: z.number().positive().max(200).nullable().optional().describe('kilograms'),
  birthDate: daySchema.nullable().optional().describe('YYYY-MM-DD'),
  activeMinutesGoal: z.number().int().min(1).max(1440).describe('active minutes a day'),
  stepsGoal: z.number().int().min(0).max(200_000).describe('steps a day'),
});
export type PetProfileInput = z.infer<typeof petProfileInputSchema>;

export const petProfileSchema = z.object({
  deviceId: z.number().int(),
  name: z.string().describe('the device name'),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  weightKg: z.number().nullable(),
  birthDate: z.string().nullable(),
  activeMinutesGoal: z.number().int(),
  stepsGoal: z.number().int(),
  /** false: nobody saved a profile yet, the values are defaults */
  configured: z.boolean(),
  updatedAt: isoTimeSchema.nullable(),
});
export type PetProfile = z.infer<typeof petProfileSchema>;

/** GET /api/v2/pets: the pets the caller sees (devices with a profile or an animal category). */
export const petSummarySchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  species: z.enum(PET_SPECIES).nullable(),
  configured: z.boolean(),
});
export type PetSummary = z.infer<typeof petSummarySchema>;

/** Device categories that make a device a pet without a profile. */
export const PET_CATEGORIES = ['animal', 'pet', 'dog', 'cat'] as const;

/** The report views: one day (with its hours), the last 7 days, the last 30 days, each ending on `date`. */
export const PET_VIEWS = ['day', 'week', 'month'] as const;
export type PetView = (typeof PET_VIEWS)[number];
export const PET_VIEW_DAYS: Record<PetView, number> = { day: 1, week: 7, month: 30 };

export const petReportQuerySchema = z.object({
  view: z.enum(PET_VIEWS).default('week'),
  date: daySchema.optional().describe('last day of the view (YYYY-MM-DD); default today in the time zone'),
  timezone: timeZoneSchema.optional().describe('IANA time zone of the days; default the user’s, else UTC'),
});
export type PetReportQuery = z.infer<typeof petReportQuerySchema>;

/** One local day of a pet. */
export const petDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the report’s time zone'),
  steps: z.number().int(),
  activeMinutes: z.number().int(),
  restMinutes: z.number().int().describe('calm minutes outside sleep'),
  sleepNightMinutes: z.number().int().describe('sleep between 21:00 and 07:00'),
  sleepDayMinutes: z.number().int().describe('naps between 07:00 and 21:00'),
  heartRateAvg: z.number().nullable(),
  heartRateResting: z.number().nullable().describe('average heart rate while asleep'),
  batteryLevel: z.number().nullable().describe('last battery level of the day, percent'),
  /** positions counted that day; 0: no data */
  samples: z.number().int(),
});
export type PetDay = z.infer<typeof petDaySchema>;

/** One hour of a one-day view. */
export const petHourSchema = z.object({
  hour: z.number().int().min(0).max(23),
  steps: z.number().int(),
  activeMinutes: z.number().int(),
  sleepMinutes: z.number().int(),
});
export type PetHour = z.infer<typeof petHourSchema>;

/** This week against the week before (the 7 days ending on the report's last day, and the 7 before them). */
export const petTrendSchema = z.object({
  current: z.number().describe('daily average over the last 7 days'),
  previous: z.number().nullable().describe('daily average over the 7 days before; null without data'),
  changePercent: z.number().nullable(),
});
export type PetTrend = z.infer<typeof petTrendSchema>;

const period = {
  deviceId: z.number().int(),
  view: z.enum(PET_VIEWS),
  from: z.string().describe('first day, YYYY-MM-DD'),
  to: z.string().describe('last day, YYYY-MM-DD'),
  timezone: z.string(),
};

export const petActivityReportSchema = z.object({
  ...period,
  activeMinutesGoal: z.number().int(),
  stepsGoal: z.number().int(),
  days: z.array(petDaySchema),
  hours: z.array(petHourSchema).describe('the hours of the day view; empty otherwise'),
  totals: z.object({
    steps: z.number().int(),
    activeMinutes: z.number().int(),
    daysWithData: z.number().int(),
    activeGoalDays: z.number().int().describe('days the active-minutes goal was met'),
    stepsGoalDays: z.number().int(),
  }),
  trends: z.object({ steps: petTrendSchema, activeMinutes: petTrendSchema }),
});
export type PetActivityReport = z.infer<typeof petActivityReportSchema>;

export const petSleepBoutSchema = z.object({
  start: isoTimeSchema,
  end: isoTimeSchema,
  minutes: z.number().int(),
  night: z.boolean().describe('most of it between 21:00 and 07:00'),
});
export type PetSleepBout = z.infer<typeof petSleepBoutSchema>;

export const petSleepReportSchema = z.object({
  ...period,
  days: z.array(petDaySchema),
  bouts: z.array(petSleepBoutSchema).describe('sleep bouts of the period, latest last (at most 500)'),
  averages: z.object({ nightMinutes: z.number(), dayMinutes: z.number(), restMinutes: z.number() }),
  trends: z.object({ sleep: petTrendSchema, rest: petTrendSchema }),
});
export type PetSleepReport = z.infer<typeof petSleepReportSchema>;

export const PET_WELLNESS_MIN_DAYS = 7;
export const PET_WELLNESS_METRICS = ['activeMinutes', 'steps', 'sleep', 'restingHeartRate'] as const;
export type PetWellnessMetric = (typeof PET_WELLNESS_METRICS)[number];

export const petWellnessReportSchema = z.object({
  ...period,
  /** false until the pet has PET_WELLNESS_MIN_DAYS days of data; score and components are then empty */
  available: z.boolean(),
  daysOfData: z.number().int(),
  requiredDays: z.number().int(),
  score: z.number().int().min(0).max(100).nullable(),
  status: z.enum(['good', 'watch', 'concern']).nullable(),
  baselineDays: z.number().int().describe('earlier days the last 7 are compared with'),
  components: z.array(
    z.object({
      metric: z.enum(PET_WELLNESS_METRICS),
      recent: z.number().describe('daily average of the last 7 days'),
      baseline: z.number().describe('daily average of the baseline days'),
      changePercent: z.number(),
      score: z.number().int().min(0).max(100),
    }),
  ),
  days: z.array(petDaySchema).describe('the last 7 days and the baseline days, oldest first'),
});
export type PetWellnessReport = z.infer<typeof petWellnessReportSchema>;

export const petPlaceSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().describe('metres'),
  dwellMinutes: z.number().int(),
  visits: z.number().int(),
  firstArrival: isoTimeSchema,
  lastDeparture: isoTimeSchema,
});
export type PetPlace = z.infer<typeof petPlaceSchema>;

export const petHeatCellSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** 0-1, the busiest cell 1 */
  weight: z.number(),
  minutes: z.number().describe('time spent in the cell'),
});
export type PetHeatCell = z.infer<typeof petHeatCellSchema>;

export const petPlacesReportSchema = z.object({
  ...period,
  places: z.array(petPlaceSchema).describe('visited places, longest dwell first (at most 50)'),
  heat: z.array(petHeatCellSchema).describe('cells of about 40 m (at most 2000)'),
  positions: z.number().int(),
});
export type PetPlacesReport = z.infer<typeof petPlacesReportSchema>;

export const petComprehensiveReportSchema = z.object({
  profile: petProfileSchema,
  activity: petActivityReportSchema,
  sleep: petSleepReportSchema,
  wellness: petWellnessReportSchema,
  places: petPlacesReportSchema,
});
export type PetComprehensiveReport = z.infer<typeof petComprehensiveReportSchema>;
