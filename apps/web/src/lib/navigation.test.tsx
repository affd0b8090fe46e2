import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { guardHistory, type HeldNavigation } from './navigation';

/** A guarded memory history at `/profile/about` with its listener, as React Router's router listens. */
function setup() {
  const history = guardHistory(
    createMemoryHistory({ initialEntries: ['/dashboard', '/profile/about'], v5Compat: true }),
  );
  const heard: string[] = [];
  history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}${location.search}`));
  let held: HeldNavigation | null = null;
  const onHold = vi.fn((next: HeldNavigation | null) => {
    held = next;
  });
  const leaving = { hold: true };
  const remove = history.guard(
    ({ currentLocation, nextLocation }) => leaving.hold && currentLocation.pathname !== nextLocation.pathname,
    onHold,
  );
  return { history, heard, onHold, leaving, remove, held: () => held };
}

describe('the app history’s navigation guard', () => {
  it('holds a push to another page until proceed, and lets one within the page through', () => {
    const { history, heard, held } = setup();
    history.push('/profile/about?step=2');
    expect(heard).toEqual(['PUSH /profile/about?step=2']);

    history.push('/profile/experience');
    expect(history.location.pathname).toBe('/profile/about');
    expect(heard).toHaveLength(1);
    held()?.proceed();
    expect(history.location.pathname).toBe('/profile/experience');
    expect(heard.at(-1)).toBe('PUSH /profile/experience');
    expect(held()).toBeNull();
  });

  it('stays on reset, and a replace is held the same way', () => {
    const { history, heard, held } = setup();
    history.replace('/dashboard');
    expect(held()).not.toBeNull();
    held()?.reset();
    expect(held()).toBeNull();
    expect(history.location.pathname).toBe('/profile/about');
    expect(heard).toEqual([]);
  });

  it('undoes a Back while held, and goes back on proceed', () => {
    const { history, heard, held } = setup();
    history.go(-1);
    // Undone at once: the app never heard it, the entry is the step again.
    expect(history.location.pathname).toBe('/profile/about');
    expect(heard).toEqual([]);
    expect(held()).not.toBeNull();
    held()?.proceed();
    expect(history.location.pathname).toBe('/dashboard');
    expect(heard).toEqual(['POP /dashboard']);
  });

  it('holds nothing while the guard says so, or once it is removed', () => {
    const { history, heard, leaving, remove, onHold } = setup();
    leaving.hold = false;
    history.push('/profile/experience');
    leaving.hold = true;
    remove();
    history.go(-1);
    history.push('/dashboard');
    expect(heard).toEqual(['PUSH /profile/experience', 'POP /profile/about', 'PUSH /dashboard']);
    expect(onHold).not.toHaveBeenCalled();
  });
});
