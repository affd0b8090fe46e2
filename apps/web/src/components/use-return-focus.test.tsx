import { render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, it } from 'vitest';
import { expectFocusBack } from '../test/focus';
import { useReturnFocusOnUnmount } from './use-return-focus';

/** A dialog open while mounted (as a profile route is), which takes the focus as a focus trap does. */
function RouteDialog({ onClose }: { onClose: () => void }) {
  useReturnFocusOnUnmount();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div role="dialog" aria-label="Profile">
      <button type="button" ref={close} onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Page() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        View Profile
      </button>
      {shown ? <RouteDialog onClose={() => setShown(false)} /> : null}
    </>
  );
}

describe('useReturnFocusOnUnmount', () => {
  it('gives the focus back to what opened the dialog once it is gone', async () => {
    render(<Page />);
    const open = screen.getByRole('button', { name: 'View Profile' });
    await expectFocusBack(open);
  });
});
