import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildOwnProfile } from '../test/fixtures';
import { ownProfileQueryOptions, useSetOwnProfile } from './own-profile';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

describe('useSetOwnProfile', () => {
  it('a read of the profile answered before a change cannot put the older profile back', async () => {
    const client = createQueryClient();
    const older = buildOwnProfile({ profileComplete: false });
    const newer = buildOwnProfile({ profileComplete: true });
    let answerRead: (profile: typeof older) => void = () => {};
    // The first read is slow: it answers only after the change below has been written.
    const read = client.fetchQuery({
      ...ownProfileQueryOptions,
      queryFn: ({ signal }) =>
        new Promise((resolve, reject) => {
          answerRead = resolve;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    read.catch(() => {}); // cancelled by the change
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSetOwnProfile(), { wrapper });

    await result.current(newer);
    answerRead(older);

    await waitFor(() => expect(client.getQueryState(queryKeys.profiles.own)?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(queryKeys.profiles.own)).toEqual(newer);
  });
});
