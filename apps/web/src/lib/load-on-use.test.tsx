import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FirstUse, useLoadOnUse } from './load-on-use';

/** The loaded control: says how it was first used. */
function Loaded({ firstUse }: { firstUse: FirstUse }) {
  return (
    <button type="button" data-takes-focus={String(firstUse.focus)}>
      {`loaded, ${firstUse.open ? 'opened' : 'closed'}`}
    </button>
  );
}

type LoadedModule = { Loaded: typeof Loaded };

/** A module the test hands over when it chooses. */
function controlledModule() {
  let resolve: (value: LoadedModule) => void = () => {};
  let calls = 0;
  const promise = new Promise<LoadedModule>((r) => {
    resolve = r;
  });
  const load = () => {
    calls += 1;
    return promise;
  };
  return { load, arrive: () => act(async () => resolve({ Loaded })), calls: () => calls };
}

function Control({ load }: { load: ReturnType<typeof controlledModule>['load'] }) {
  const control = useLoadOnUse(load);
  if (control.loaded) return <control.loaded.Loaded firstUse={control.firstUse} />;
  return (
    <button type="button" {...control.handlers}>
      stand-in
    </button>
  );
}

describe('useLoadOnUse', () => {
  it('draws the stand-in until someone reaches for it, then loads once and shows the control', async () => {
    const m = controlledModule();
    render(<Control load={m.load} />);
    expect(m.calls()).toBe(0);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'stand-in' }));
    fireEvent.focus(screen.getByRole('button', { name: 'stand-in' }));
    await m.arrive();
    expect(screen.getByRole('button', { name: 'loaded, closed' })).toBeTruthy();
    expect(m.calls()).toBe(1);
  });

  it('keeps the stand-in through a press, so that its click opens the control that arrived meanwhile', async () => {
    const m = controlledModule();
    render(<Control load={m.load} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'stand-in' }));
    await m.arrive();
    // Swapped now, the button under the pointer would lose the click.
    expect(screen.getByRole('button', { name: 'stand-in' })).toBeTruthy();
    fireEvent.pointerUp(window);
    fireEvent.click(screen.getByRole('button', { name: 'stand-in' }));
    expect(await screen.findByRole('button', { name: 'loaded, opened' })).toBeTruthy();
  });

  it('shows the control after a press that ended elsewhere, closed', async () => {
    const m = controlledModule();
    render(<Control load={m.load} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'stand-in' }));
    await m.arrive();
    fireEvent.pointerUp(window);
    expect(await screen.findByRole('button', { name: 'loaded, closed' })).toBeTruthy();
  });

  it('draws no stand-in once the module is loaded (the header at another width mounts its own)', async () => {
    const m = controlledModule();
    const first = render(<Control load={m.load} />);
    fireEvent.click(screen.getByRole('button', { name: 'stand-in' }));
    await m.arrive();
    first.unmount();
    render(<Control load={m.load} />);
    expect(screen.getByRole('button', { name: 'loaded, closed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'stand-in' })).toBeNull();
  });

  it('gives the focus to the control when the stand-in still has it as the module arrives (reached with Tab)', async () => {
    const m = controlledModule();
    render(<Control load={m.load} />);
    act(() => screen.getByRole('button', { name: 'stand-in' }).focus());
    await m.arrive();
    const loaded = screen.getByRole('button', { name: 'loaded, closed' });
    expect(loaded.getAttribute('data-takes-focus')).toBe('true');
  });

  it('leaves the focus alone when the stand-in had lost it before the module arrived', async () => {
    const m = controlledModule();
    render(<Control load={m.load} />);
    const standIn = screen.getByRole('button', { name: 'stand-in' });
    act(() => standIn.focus());
    act(() => standIn.blur());
    await m.arrive();
    const loaded = screen.getByRole('button', { name: 'loaded, closed' });
    expect(loaded.getAttribute('data-takes-focus')).toBe('false');
  });
});
