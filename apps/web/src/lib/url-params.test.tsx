import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useGuardedHistory } from './navigation';
import { useUrlParams } from './url-params';

/** A page whose view is in the address, with buttons that change it as the app's pages do. */
function View() {
  const { params, set } = useUrlParams();
  const history = useGuardedHistory();
  return (
    <>
      <output>{params.toString()}</output>
      {/* Two changes before the page is drawn again: a filter picked while a typed search is on its way. */}
      <button
        type="button"
        onClick={() => {
          set({ q: 'ada' });
          set({ role: 'company' });
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => set({ role: null, status: '' })}>
        Any
      </button>
      <button type="button" onClick={() => set({ section: 'requests' }, { push: true })}>
        Section
      </button>
      {/* A search that arrives once the person has followed a link to another page. */}
      <button
        type="button"
        onClick={() => {
          history.push('/elsewhere');
          set({ q: 'late' });
        }}
      >
        Leave
      </button>
    </>
  );
}

describe('a view kept in the address', () => {
  it('keeps both of two changes made before the page is drawn again, in place of the entry', async () => {
    const { router } = renderWithProviders(<View />, { path: '/admin/members?sort=name' });
    fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ sort: 'name', q: 'ada', role: 'company' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('sort=name&q=ada&role=company')).toBeTruthy();
  });

  it('removes a key set to null or empty, and pushes an entry when asked', () => {
    const { router } = renderWithProviders(<View />, {
      path: '/admin/members?role=expert&status=pending&q=x',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Any' }));
    expect(router.state.location.search).toBe('?q=x');
    fireEvent.click(screen.getByRole('button', { name: 'Section' }));
    expect(router.state.location.search).toBe('?q=x&section=requests');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('drops a change made once the person has left the page, which would bring them back', () => {
    const { router } = renderWithProviders(<View />, { path: '/community/experts' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(router.state.location.search).toBe('');
  });
});
