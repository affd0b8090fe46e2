import { routes } from '@intergen/domain';

/** A profile opened over My Network (`/my-network/:profileId`), keeping the section the member was on. */
export function myNetworkProfilePath(profileId: string): string {
  const section =
    typeof window === 'undefined' ? '' : new URLSearchParams(window.location.search).get('section');
  return `${routes.myNetwork}/${encodeURIComponent(profileId)}${section ? `?section=${encodeURIComponent(section)}` : ''}`;
}
