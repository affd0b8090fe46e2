import { useEffect } from 'react';
import { useBlocker } from '../../../lib/navigation';

/**
 * Holds in-app navigation (the app history's guard, lib/navigation.ts) and warns on closing or reloading the tab (beforeunload)
 * while `shouldHold()` is true. `shouldHold` is read at the moment of leaving, so it must read refs.
 */
export function useLeaveGuard(shouldHold: () => boolean, message: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldHold(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldHold()) return;
      event.preventDefault();
      // Older browsers show (a generic text instead of) this value.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldHold, message]);

  return blocker;
}
