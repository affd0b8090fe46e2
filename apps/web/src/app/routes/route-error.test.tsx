import { commonTexts } from '@intergen/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('a chunk of an older deployment');
}

describe('the pages’ error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the page-failed message when a page throws, and the pages again at another address', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = (pathname: string, page: React.ReactNode) => (
      <MantineProvider>
        <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>
      </MantineProvider>
    );
    const { rerender } = render(view('/dashboard', <Broken />));
    expect(screen.getByText(commonTexts.pageFailedTitle)).toBeTruthy();
    expect(screen.getByRole('button', { name: commonTexts.reload })).toBeTruthy();
    expect(logged).toHaveBeenCalled();

    // The same address keeps the message; another one tries again.
    rerender(view('/dashboard', <p>Dashboard</p>));
    expect(screen.getByText(commonTexts.pageFailedTitle)).toBeTruthy();
    rerender(view('/my-network', <p>My Network</p>));
    expect(screen.getByText('My Network')).toBeTruthy();
    expect(screen.queryByText(commonTexts.pageFailedTitle)).toBeNull();
  });
});
