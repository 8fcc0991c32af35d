import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const PetActivityPage = page(() => import('./pet-activity-page'), 'PetActivityPage');
const PetWellnessPage = page(() => import('./pet-wellness-page'), 'PetWellnessPage');
const PetSleepPage = page(() => import('./pet-sleep-page'), 'PetSleepPage');
const PetLocationHistoryPage = page(() => import('./pet-location-history-page'), 'PetLocationHistoryPage');
const PetComprehensivePage = page(() => import('./pet-comprehensive-page'), 'PetComprehensivePage');

/**
 * The pet report pages (mounted in the main layout by router.tsx). No permission flag guards them: every
 * signed-in user may open them, and the API shows each user only the pets of the devices it sees.
 */
export const petReportRoutes: RouteObject[] = [
  { path: 'report/pets', element: <PetActivityPage /> },
  { path: 'report/pets/activity-only', element: <PetActivityPage /> },
  { path: 'report/pets/wellness', element: <PetWellnessPage /> },
  { path: 'report/pets/sleep', element: <PetSleepPage /> },
  { path: 'report/pets/location-history', element: <PetLocationHistoryPage /> },
  { path: 'report/pets/comprehensive', element: <PetComprehensivePage /> },
];
