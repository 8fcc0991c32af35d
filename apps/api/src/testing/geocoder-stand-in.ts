import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  path: string;
  query: Record<string, string>;
  /** the query as sent, to check how it was encoded */
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

/** What the stand-in answers: a status and a JSON body, or `null` to never answer (a provider that hangs). */
export type StandInAnswer = { status: number; body: unknown } | null;

export interface GeocoderStandIn {
  url: string;
  requests: SeenRequest[];
  answer: (req: SeenRequest) => StandInAnswer | Promise<StandInAnswer>;
  close(): Promise<void>;
}

/** Nominatim's answer for a place in Paris, as its /reverse?format=jsonv2&addressdetails=1 gives it. */
export const NOMINATIM_EIFFEL = {
  place_id: 1,
  lat: '48.8584',
  lon: '2.2945',
  display_name: 'Tour Eiffel, 5, Avenue Anatole France, Gros-Caillou, Paris, Île-de-France, 75007, France',
  address: {
    tourism: 'Tour Eiffel',
    house_number: '5',
    road: 'Avenue Anatole France',
    suburb: 'Gros-Caillou',
    city_district: 'Paris 7e Arrondissement',
    city: 'Paris',
    state: 'Île-de-France',
    postcode: '75007',
    country: 'France',
    country_code: 'fr',
  },
};

/**
 * A local HTTP server standing in for a geocoding provider: it records every request (path, query, headers) and
 * answers what `answer` says (Nominatim's Paris answer unless a test changes it).
 */
export async function startGeocoderStandIn(): Promise<GeocoderStandIn> {
  const standIn: GeocoderStandIn = {
    url: '',
    requests: [],
    answer: () => ({ status: 200, body: NOMINATIM_EIFFEL }),
    close: async () => {},
  };
  const pending = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const seen: SeenRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      rawQuery: url.search.slice(1),
      headers: req.headers,
    };
    standIn.requests.push(seen);
    const answer = await standIn.answer(seen);
    if (answer === null) {
      pending.add(res);
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise((resolve) => {
      for (const res of pending) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
