import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer } from '../../../test/fixtures';
import { aPosition } from '../../../test/map-fixtures';
import { renderAt } from '../../../test/render';
import { AddressValue } from './address-value';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const geocodeCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/server/geocode');

describe('AddressValue', () => {
  const place = aPosition({ id: 7, deviceId: 1, latitude: 48.8584, longitude: 2.2945, address: null });

  it('asks the server only on a click, and shows the address it answers', async () => {
    const fetchMock = stubFetch({
      'GET /api/server': () => json(200, aServer({ geocoderEnabled: true })),
      'GET /api/server/geocode': () => text(200, '5 Avenue Anatole France, Paris, France'),
    });
    renderAt('/', <AddressValue position={place} />);
    const button = await screen.findByRole('button', { name: 'Show address' });
    expect(geocodeCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('5 Avenue Anatole France, Paris, France')).toBeTruthy();
    const [call] = geocodeCalls(fetchMock);
    expect([call?.searchParams.get('latitude'), call?.searchParams.get('longitude')]).toEqual(['48.8584', '2.2945']);
  });

  it('says when no address is known there, and when the lookup fails', async () => {
    stubFetch({
      'GET /api/server': () => json(200, aServer({ geocoderEnabled: true })),
      'GET /api/server/geocode': [
        () => text(200, ''),
        () => json(502, { message: 'The geocoding service did not answer with an address' }),
      ],
    });
    const first = renderAt('/', <AddressValue position={place} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show address' }));
    expect(await screen.findByText('No address known here')).toBeTruthy();
    first.unmount();
    renderAt('/', <AddressValue position={{ ...place, id: 8 }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The address could not be looked up: The geocoding service did not answer with an address',
    );
  });

  it('shows the stored address as it is, and no button while the server does not geocode', async () => {
    const fetchMock = stubFetch({ 'GET /api/server': () => json(200, aServer({ geocoderEnabled: false })) });
    const stored = renderAt('/', <AddressValue position={{ ...place, address: 'Champ de Mars, Paris' }} />);
    expect(await screen.findByText('Champ de Mars, Paris')).toBeTruthy();
    stored.unmount();
    renderAt('/', <AddressValue position={place} />);
    // once the server's settings have come (the button would show then)
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show address' })).toBeNull();
    expect(geocodeCalls(fetchMock)).toHaveLength(0);
  });
});
