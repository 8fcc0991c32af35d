import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app-providers';
import { routes as appRoutes } from '../router';

/** Renders route objects in a memory router with the app's providers; returns the router to inspect. */
export function renderRoutes(path: string, routes: RouteObject[] = appRoutes) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `path`, plus simple stand-ins for the given other paths. */
export function renderAt(path: string, element: ReactNode, others: string[] = []) {
  return renderRoutes(path, [
    { path, element },
    ...others.map((other) => ({ path: other, element: <p>page {other}</p> })),
  ]);
}
