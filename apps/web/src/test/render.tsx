import type { SessionUser } from '@intergen/contracts';
import { newChangesPopupReleasedAt, newChangesPopupTexts } from '@intergen/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { appRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

/** A fake API: `handlers['POST /api/auth/sign-in']` answers that call; unknown calls answer 404. */
export type FakeApi = Record<string, (body: unknown, url: URL) => { status?: number; body: unknown }>;

export function installFakeApi(handlers: FakeApi = {}) {
  const calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler
      ? handler(body, url)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const configAnswer = {
  body: {
    appEnv: 'development',
    communityTab: true,
    supportEmail: 'support@intergen.local',
    newChangesPopup: {
      releasedAt: newChangesPopupReleasedAt,
      title: newChangesPopupTexts.title,
      intro: newChangesPopupTexts.intro,
      items: newChangesPopupTexts.items,
    },
  },
};

/** A signed-in person; by default a published, verified expert (full header access). */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    kind: 'expert',
    isAdmin: false,
    emailVerified: true,
    profile: {
      status: 'published',
      profileComplete: true,
      onboardingComplete: true,
      firstIncompleteStep: null,
    },
    annualConfirmationPostponed: false,
    ...overrides,
  };
}

/** Renders the whole app (routes, layout, guards) at `path`, with the session already known. */
export function renderApp(path: string, { user = null }: { user?: SessionUser | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, { user });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component inside the providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', user = null }: { path?: string; user?: SessionUser | null } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, { user });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
