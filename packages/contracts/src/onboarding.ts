import { z } from 'zod';

/** A tracker listener of the ingest as configured: the port a make's devices are pointed at. */
export const onboardingListenerSchema = z.object({
  protocol: z.string().describe("Traccar's protocol name"),
  port: z.number().int(),
  transports: z.array(z.string()).describe('tcp, udp or http'),
});
export type OnboardingListener = z.infer<typeof onboardingListenerSchema>;

/** A device model of the platform catalogue, for the make picker (its protocol decides the setup). */
export const onboardingModelSchema = z.object({
  name: z.string(),
  manufacturerName: z.string().nullable(),
  protocol: z.string(),
});

/** GET /api/v2/onboarding: what the first-run path needs to tell a user how to point a tracker here. */
export const onboardingSchema = z.object({
  trackerHost: z
    .string()
    .nullable()
    .describe(
      "the host trackers report to: WAYMARK_TRACKER_HOST, else WAYMARK_PUBLIC_URL's host; null when neither is set (the web app then uses the address the browser used)",
    ),
  listeners: z.array(onboardingListenerSchema),
  models: z.array(onboardingModelSchema),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
