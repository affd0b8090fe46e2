import { render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectFocusBack } from '../test/focus';
import { WhenOpened } from './when-opened';

/** A dialog that takes the focus when it opens (as a focus trap does) and is gone once closed. */
function Dialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (opened) close.current?.focus();
  }, [opened]);
  return opened ? (
    <div role="dialog" aria-label="Dialog">
      <button type="button" ref={close} onClick={onClose}>
        Close
      </button>
    </div>
  ) : null;
}

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <WhenOpened opened={opened}>
        <Dialog opened={opened} onClose={() => setOpened(false)} />
      </WhenOpened>
    </>
  );
}

describe('WhenOpened', () => {
  it('mounts the dialog on its first opening, and gives the focus back to its opener on closing', async () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const open = screen.getByRole('button', { name: 'Open' });
    for (let time = 0; time < 2; time += 1) await expectFocusBack(open);
  });
});
