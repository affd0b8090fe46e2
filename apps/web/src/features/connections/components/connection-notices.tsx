import { commonTexts, connectionTimings, connectionRequestTexts as t } from '@intergen/domain';
import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

interface PendingNotice {
  key: number;
  name: string;
}

interface ConnectionNotices {
  /** A request was sent: the pending banner shows for the spec's 5000 ms. */
  requestSent: (name: string) => void;
  /** A request was accepted: `You have accepted a connection request` until closed. */
  accepted: () => void;
}

interface NoticesState {
  pending: PendingNotice[];
  accepted: boolean;
  dismissAccepted: () => void;
}

const NoticesContext = createContext<ConnectionNotices>({ requestSent: () => {}, accepted: () => {} });
const NoticesStateContext = createContext<NoticesState>({
  pending: [],
  accepted: false,
  dismissAccepted: () => {},
});

/** Raise the dashboard's connection banners from anywhere below the provider (a card, a profile modal). */
export function useConnectionNotices(): ConnectionNotices {
  return useContext(NoticesContext);
}

/** Holds the dashboard's banners: the pending request banner (spec 000 §4) and the accepted banner. */
export function ConnectionNoticesProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingNotice[]>([]);
  const [accepted, setAccepted] = useState(false);
  const nextKey = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const live = timers.current;
    return () => {
      for (const timer of live) clearTimeout(timer);
      live.clear();
    };
  }, []);

  const requestSent = useCallback((name: string) => {
    nextKey.current += 1;
    const key = nextKey.current;
    setPending((current) => [...current, { key, name }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setPending((current) => current.filter((notice) => notice.key !== key));
    }, connectionTimings.pendingBannerMs);
    timers.current.add(timer);
  }, []);
  const raiseAccepted = useCallback(() => setAccepted(true), []);
  const dismissAccepted = useCallback(() => setAccepted(false), []);

  const notices = useMemo(() => ({ requestSent, accepted: raiseAccepted }), [requestSent, raiseAccepted]);
  const state = useMemo(() => ({ pending, accepted, dismissAccepted }), [pending, accepted, dismissAccepted]);
  return (
    <NoticesContext.Provider value={notices}>
      <NoticesStateContext.Provider value={state}>{children}</NoticesStateContext.Provider>
    </NoticesContext.Provider>
  );
}

/** The banners themselves, announced politely as they appear. */
export function ConnectionBanners() {
  const { pending, accepted, dismissAccepted } = useContext(NoticesStateContext);
  return (
    <div role="status" aria-live="polite">
      {pending.length > 0 || accepted ? (
        <Stack gap="xs">
          {pending.map((notice) => (
            <Alert key={notice.key} color="blue" variant="light" icon={<IconSend aria-hidden="true" />}>
              {t.pendingBanner(notice.name)}
            </Alert>
          ))}
          {accepted ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck aria-hidden="true" />}
              withCloseButton
              closeButtonLabel={commonTexts.close}
              onClose={dismissAccepted}
            >
              {t.acceptedBanner}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </div>
  );
}
