import type { SessionUser } from '@intergen/contracts';
import { newChangesPopupReleasedAt, newChangesPopupTexts } from '@intergen/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  Route,
  Routes,
} from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRouter } from '../app/router';
import { guardHistory, HistoryContext } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

/** A fake API: `handlers['POST /api/auth/sign-in']` answers that call; unknown calls answer 404. */
export type FakeApi = Record<string, (body: unknown, url: URL) => { status?: number; body: unknown }>;

/** A fake API's refusal: `status`, with the error's stable `code` and its `message`. */
export function errorAnswer(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

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
    demo: false,
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

/** The session's profile of a member who has just signed up: incomplete, the wizard not gone through yet. */
export function newProfile(): SessionUser['profile'] {
  const nothingDone = { profileComplete: false, onboardingComplete: false, firstIncompleteStep: null };
  return { status: 'incomplete', ...nothingDone };
}

/** A memory history at `path` with the app's navigation guard, and a view of it as the tests read it. */
function testHistory(path: string) {
  const history = guardHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: (to: string) => history.push(to),
  };
  return { history, router };
}

/** Renders the whole app (routes, layout, guards) at `path`, with the session already known. */
export function renderApp(path: string, { user = null }: { user?: SessionUser | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, { user });
  const { history, router } = testHistory(path);
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <AppRouter history={history} />
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
  const { history, router } = testHistory(path);
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <HistoryContext value={history}>
        <HistoryRouter history={history}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </HistoryRouter>
      </HistoryContext>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
