import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aDevice, anEvent, aPosition } from '../../../test/alerts-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { downloadAlertPdf } from '../alert-pdf';
import { AlertDetails } from './alert-details';

vi.mock('./event-map', () => ({ EventMap: ({ label }: { label: string }) => <p>map of {label}</p> }));
vi.mock('../alert-pdf', () => ({ downloadAlertPdf: vi.fn(async () => undefined) }));

function renderDetails() {
  return renderAt(
    '/alerts/details',
    <SessionProvider user={aUser({ attributes: { speedUnit: 'kn' } })}>
      <AlertDetails eventId={11} />
    </SessionProvider>,
  );
}

describe('AlertDetails', () => {
  it('shows the event, its device, geofence and position, and exports a PDF', async () => {
    stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'GET /api/events/11': () => json(200, anEvent()),
      'GET /api/devices/3': () => json(200, aDevice({ id: 3, name: 'Van' })),
      'GET /api/positions': () => json(200, [aPosition()]),
      'GET /api/geofences/4': () =>
        json(200, {
          id: 4,
          name: 'Depot',
          description: null,
          area: 'CIRCLE (1 2, 3)',
          calendarId: 0,
          tenantId: 1,
          attributes: {},
        }),
    });
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Geofence entered' })).toBeTruthy();
    expect((await screen.findByTestId('alert-device')).textContent).toBe('Van');
    expect((await screen.findByTestId('alert-geofence')).textContent).toBe('Depot');
    expect((await screen.findByTestId('alert-speed')).textContent).toBe('10 kn');
    expect(screen.getByText('map of Geofence entered')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(downloadAlertPdf).toHaveBeenCalledWith(11));
  });

  it('shows why an event cannot be loaded', async () => {
    stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'GET /api/events/11': () => json(404, { message: 'Event not found' }),
    });
    renderDetails();
    expect(await screen.findByText('Failed to load the alert')).toBeTruthy();
    expect(screen.getByText('Event not found')).toBeTruthy();
  });
});
