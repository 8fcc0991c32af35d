import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Onboarding } from '@waymark/contracts/onboarding';
import { type DeviceSetup, deviceSetup } from '@waymark/protocols/setup';
import { describe, expect, it } from 'vitest';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { mergePositions } from '../devices.queries';
import { SetupInstructions } from './onboarding-instructions';
import { OnboardingWizard } from './onboarding-wizard';

const settings: Onboarding = {
  trackerHost: 'gps.example.test',
  listeners: [
    { protocol: 'osmand', port: 5055, transports: ['http'] },
    { protocol: 'gt06', port: 5023, transports: ['tcp'] },
  ],
  models: [{ name: 'GT06N', manufacturerName: 'Concox', protocol: 'gt06' }],
};

function renderWizard() {
  return renderRoutes('/onboarding', [
    {
      path: '/onboarding',
      element: (
        <SessionProvider user={aUser({ permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'] })}>
          <OnboardingWizard settings={settings} />
        </SessionProvider>
      ),
    },
  ]);
}

async function pick(label: string) {
  fireEvent.click(screen.getByLabelText(/^Make or model/, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(label) }));
}

describe('OnboardingWizard', () => {
  it('checks a GT06 tracker’s IMEI before adding it, then gives its SMS with the host and port', async () => {
    const fetchMock = stubFetch({
      'POST /api/devices': ({ body }) => json(200, aDevice({ id: 9, ...(body as object) })),
      'GET /api/positions': () => json(200, []),
    });
    renderWizard();
    await pick('Concox GT06N');
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('GT06N');
    const identifier = screen.getByRole('textbox', { name: /^Identifier/ });
    fireEvent.change(identifier, { target: { value: '490154203237519' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText(/check digit is wrong/)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/devices')).toEqual([]);

    fireEvent.change(identifier, { target: { value: '490154203237518' } });
    fireEvent.change(screen.getByRole('textbox', { name: /SIM phone number/ }), { target: { value: '+30690000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect((await screen.findByTestId('onboarding-sms')).textContent).toBe('SERVER,1,gps.example.test,5023,0#');
    // the GT06 family's text is not confirmed by a manual at hand: the user is told to check theirs
    expect(screen.getByTestId('onboarding-sms-unchecked').textContent).toMatch(/^Check this text against your device/);
    expect(screen.getByTestId('onboarding-host').textContent).toBe('gps.example.test');
    expect(screen.getByTestId('onboarding-port').textContent).toBe('5023 (TCP)');
    expect(bodiesOf(fetchMock, 'POST /api/devices')).toEqual([
      { name: 'GT06N', uniqueId: '490154203237518', model: 'GT06N', phone: '+30690000000' },
    ]);
    expect(screen.getByText('Waiting for the first position…')).toBeTruthy();
  });

  it('gives a phone the Traccar Client QR code and shows its first position arriving', async () => {
    stubFetch({
      'POST /api/devices': ({ body }) => json(200, aDevice({ id: 12, ...(body as object) })),
      'GET /api/positions': () => json(200, []),
    });
    const { queryClient } = renderWizard();
    await pick('Traccar Client');
    const identifier = screen.getByRole('textbox', { name: /^Identifier/ }) as HTMLInputElement;
    const uniqueId = identifier.value;
    expect(uniqueId).toMatch(/^\d{9}$/);
    // another make's identifier is the device's own: the suggestion goes, and comes back with the phone
    await pick('Concox / Jimi IoT');
    expect(identifier.value).toBe('');
    await pick('Traccar Client');
    fireEvent.change(identifier, { target: { value: uniqueId } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    const url = `http://gps.example.test:5055/?id=${uniqueId}`;
    expect((await screen.findByTestId('onboarding-app-url')).textContent).toBe(url);
    await waitFor(() => expect(screen.getByTestId('client-app-qr').getAttribute('data-value')).toBe(url));
    expect(screen.queryByTestId('onboarding-sms')).toBeNull();
    await screen.findByText('Waiting for the first position…');

    act(() => mergePositions(queryClient, [aPosition({ deviceId: 12, fixTime: '2026-01-10T10:00:00.000Z' })]));
    expect(await screen.findByText(/^Connected: position at /)).toBeTruthy();
    expect(screen.queryByText('Waiting for the first position…')).toBeNull();
  });

  it('gives a make whose SMS a manual confirms its text without the warning', async () => {
    const teltonika = deviceSetup('teltonika') as DeviceSetup;
    renderRoutes('/setup', [
      {
        path: '/setup',
        element: (
          <SetupInstructions
            choice={{
              setup: teltonika,
              model: null,
              listener: { protocol: 'teltonika', port: 5027, transports: ['tcp'] },
            }}
            host="gps.example.test"
            uniqueId="490154203237518"
          />
        ),
      },
    ]);
    expect((await screen.findByTestId('onboarding-sms')).textContent).toBe(
      '  setparam 2004:gps.example.test;2005:5027;2006:0',
    );
    expect(screen.queryByTestId('onboarding-sms-unchecked')).toBeNull();
  });
});
