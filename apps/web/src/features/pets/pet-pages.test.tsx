import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PetDay } from '@waymark/contracts/pet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../test/fetch-stub';
import { acceptCookies, aServer, aUser, tokens } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const day = (date: string, values: Partial<PetDay> = {}): PetDay => ({
  date,
  steps: 4200,
  activeMinutes: 90,
  restMinutes: 30,
  sleepNightMinutes: 600,
  sleepDayMinutes: 125,
  heartRateAvg: 70,
  heartRateResting: 60,
  batteryLevel: 80,
  samples: 1440,
  ...values,
});
const DAYS = ['2026-05-08', '2026-05-09', '2026-05-10'].map((d) => day(d));
const period = { deviceId: 7, view: 'week', from: '2026-05-04', to: '2026-05-10', timezone: 'UTC' };
const PROFILE = {
  deviceId: 7,
  name: 'Rex',
  species: 'dog',
  breed: 'Beagle',
  weightKg: 12,
  birthDate: '2021-03-14',
  activeMinutesGoal: 60,
  stepsGoal: 8000,
  configured: true,
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const trend = (current: number, previous: number | null, changePercent: number | null) => ({
  current,
  previous,
  changePercent,
});

function signedIn(extra: Record<string, (r: { body: unknown }) => Response> = {}) {
  acceptCookies();
  localStorage.setItem('access_token', tokens.accessToken);
  return stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/session': () => json(200, aUser({ permissions: [] })),
    'GET /api/v2/pets': () => json(200, { data: [{ deviceId: 7, name: 'Rex', species: 'dog', configured: true }] }),
    'GET /api/v2/pets/7/profile': () => json(200, { data: PROFILE }),
    ...extra,
  });
}

describe('pet report pages', () => {
  it('shows activity against the goal with the weekly trend', async () => {
    signedIn({
      'GET /api/v2/pets/7/activity': () =>
        json(200, {
          data: {
            ...period,
            activeMinutesGoal: 60,
            stepsGoal: 8000,
            days: DAYS,
            hours: [],
            totals: { steps: 12600, activeMinutes: 270, daysWithData: 3, activeGoalDays: 3, stepsGoalDays: 0 },
            trends: { steps: trend(4200, 3000, 40), activeMinutes: trend(90, 100, -10) },
          },
        }),
    });
    renderRoutes('/report/pets/activity-only?deviceId=7&view=week&date=2026-05-10');
    const active = await screen.findByRole('group', { name: 'Active minutes' });
    expect(within(active).getByText('1 h 30 min')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Steps' })).getByText('4,200')).toBeTruthy();
    expect(screen.getByText('3 of 3 days')).toBeTruthy();
    expect(screen.getByText('-10 %')).toBeTruthy();
    expect(screen.getByText('+40 %')).toBeTruthy();
  });

  it('says how many days the wellness score still waits for, and shows it once there', async () => {
    const wellness = {
      ...period,
      requiredDays: 7,
      baselineDays: 0,
      days: DAYS,
    };
    signedIn({
      'GET /api/v2/pets/7/wellness': () =>
        json(200, {
          data: { ...wellness, available: false, daysOfData: 3, score: null, status: null, components: [] },
        }),
    });
    const first = renderRoutes('/report/pets/wellness?deviceId=7');
    expect(await screen.findByText('The wellness score appears after 7 days of data: 3 so far.')).toBeTruthy();
    first.unmount();

    signedIn({
      'GET /api/v2/pets/7/wellness': () =>
        json(200, {
          data: {
            ...wellness,
            available: true,
            daysOfData: 20,
            baselineDays: 13,
            score: 69,
            status: 'watch',
            components: [
              { metric: 'activeMinutes', recent: 30, baseline: 60, changePercent: -50, score: 50 },
              { metric: 'restingHeartRate', recent: 77, baseline: 70, changePercent: 10, score: 70 },
            ],
          },
        }),
    });
    renderRoutes('/report/pets/wellness?deviceId=7');
    expect(await screen.findByText('69')).toBeTruthy();
    expect(screen.getByText('Worth watching')).toBeTruthy();
    expect(screen.getByText(/baseline of 13 earlier days/)).toBeTruthy();
    expect(screen.getByText('-50 %')).toBeTruthy();
    expect(screen.getByText('Resting heart rate (bpm)')).toBeTruthy();
  });

  it('shows sleep averages and the latest sleep stretches', async () => {
    signedIn({
      'GET /api/v2/pets/7/sleep': () =>
        json(200, {
          data: {
            ...period,
            days: DAYS,
            bouts: [{ start: '2026-05-09T21:00:00.000Z', end: '2026-05-10T07:00:00.000Z', minutes: 600, night: true }],
            averages: { nightMinutes: 600, dayMinutes: 125, restMinutes: 30 },
            trends: { sleep: trend(725, null, null), rest: trend(30, null, null) },
          },
        }),
    });
    renderRoutes('/report/pets/sleep?deviceId=7');
    const night = await screen.findByRole('group', { name: 'Night sleep' });
    expect(within(night).getByText('10 h 0 min')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Naps' })).getByText('2 h 5 min')).toBeTruthy();
    expect(screen.getByText('no earlier week')).toBeTruthy();
    expect(screen.getByText('night')).toBeTruthy();
  });

  it('lists the visited places with their time', async () => {
    signedIn({
      'GET /api/v2/pets/7/places': () =>
        json(200, {
          data: {
            ...period,
            positions: 10080,
            places: [
              {
                latitude: 48.85,
                longitude: 2.35,
                radius: 40,
                dwellMinutes: 8000,
                visits: 8,
                firstArrival: '2026-05-04T00:00:00.000Z',
                lastDeparture: '2026-05-10T07:00:00.000Z',
              },
            ],
            heat: [{ latitude: 48.85, longitude: 2.35, weight: 1, minutes: 8000 }],
          },
        }),
    });
    renderRoutes('/report/pets/location-history?deviceId=7');
    const table = await screen.findByRole('table', { name: 'Visited places' });
    expect(within(table).getByText('A · 48.85000, 2.35000')).toBeTruthy();
    expect(within(table).getByText('133 h 20 min')).toBeTruthy();
    expect(screen.getByText('10080 positions')).toBeTruthy();
  });

  it('saves the profile with its goals', async () => {
    const fetchMock = signedIn({
      'GET /api/v2/pets/7/activity': () =>
        json(200, {
          data: {
            ...period,
            activeMinutesGoal: 60,
            stepsGoal: 8000,
            days: [],
            hours: [],
            totals: { steps: 0, activeMinutes: 0, daysWithData: 0, activeGoalDays: 0, stepsGoalDays: 0 },
            trends: { steps: trend(0, null, null), activeMinutes: trend(0, null, null) },
          },
        }),
      'PUT /api/v2/pets/7/profile': ({ body }) => json(200, { data: { ...PROFILE, ...(body as object) } }),
    });
    renderRoutes('/report/pets/activity-only?deviceId=7');
    expect(await screen.findByText('The tracker sent nothing in this period.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const goal = await screen.findByLabelText('Daily active minutes goal');
    fireEvent.change(goal, { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Breed'), { target: { value: 'Border Collie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT /api/v2/pets/7/profile')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PUT /api/v2/pets/7/profile')[0]).toEqual({
      species: 'dog',
      breed: 'Border Collie',
      weightKg: 12,
      birthDate: '2021-03-14',
      activeMinutesGoal: 90,
      stepsGoal: 8000,
    });
  });
});
