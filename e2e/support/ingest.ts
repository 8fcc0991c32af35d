import { type APIRequestContext, expect } from '@playwright/test';

/** The OsmAnd listener's port: playwright.config.ts fixes it next to the app's and passes it on to the workers. */
export const osmandPort = Number(process.env.WAYMARK_E2E_OSMAND_PORT);

/** Reports a position over OsmAnd (Traccar Client's HTTP protocol), as a phone running the app would. */
export async function reportOsmand(
  request: APIRequestContext,
  uniqueId: string,
  position: { lat: number; lon: number; speed?: number },
): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  const query = new URLSearchParams({
    id: uniqueId,
    lat: String(position.lat),
    lon: String(position.lon),
    timestamp: String(at),
    speed: String(position.speed ?? 0),
  });
  const response = await request.get(`http://127.0.0.1:${osmandPort}/?${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
}
