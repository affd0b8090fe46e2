import { layout } from '@intergen/domain';
import { useMediaQuery } from '@mantine/hooks';

/** The spec's narrow layout: 640 px wide or less. */
const narrowMediaQuery = `(max-width: ${layout.breakpoint}px)`;

export function useIsNarrow(): boolean {
  return useMediaQuery(narrowMediaQuery, undefined, { getInitialValueInEffect: false }) ?? false;
}
