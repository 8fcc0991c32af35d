import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

const RETURN = '/register/payment/success?invoice=INV-202611-00003&session=cs_1&status=paid&signature=abc';

describe('/register/payment/success', () => {
  it('relays the provider’s signed return to the API and shows the paid invoice, signed out', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/payment/callback': () =>
        json(200, {
          data: {
            number: 'INV-202611-00003',
            status: 'PAID',
            amountCents: 1250,
            currency: 'EUR',
            paidAt: '2026-11-27T05:00:00.000Z',
          },
        }),
    });
    renderRoutes(RETURN);
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.getByText(/Invoice INV-202611-00003 of €12.50 is paid/)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/v2/payment/callback'));
    const query = new URL(String(call?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      invoice: 'INV-202611-00003',
      session: 'cs_1',
      status: 'paid',
      signature: 'abc',
    });
  });

  it('shows the server’s reason when the return is refused, and asks nothing of a bare visit', async () => {
    stubFetch({
      'GET /api/v2/payment/callback': () => json(400, { message: 'The payment confirmation is not valid' }),
    });
    renderRoutes(RETURN);
    expect(await screen.findByText('The payment could not be confirmed')).toBeTruthy();
    expect(screen.getByText('The payment confirmation is not valid')).toBeTruthy();
    const bare = stubFetch({});
    renderRoutes('/register/payment/success');
    expect(await screen.findByText(/reached from the payment provider/)).toBeTruthy();
    expect(bare.mock.calls.some(([url]) => String(url).includes('/payment/callback'))).toBe(false);
  });
});
