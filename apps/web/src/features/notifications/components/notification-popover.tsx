import './notification-centre.css';
import type { Notification } from '@intergen/contracts';
import {
  commonTexts,
  myNetworkPath,
  myNetworkSections,
  notificationText,
  routes,
  notificationTexts as t,
} from '@intergen/domain';
import { Button, CloseButton, Loader, Popover, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FirstUse } from '../../../lib/load-on-use';
import { dashboardProfilePath } from '../../../lib/paths';
import { useDismissNotification } from '../api/dismiss-notification';
import { useExploreNotification } from '../api/explore-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsSeen } from '../api/mark-notifications-seen';
import { BellButton } from './bell-button';
import { relativeTime } from './relative-time';

/**
 * Where a notification leads: a network request to My Network's Requests, an accepted one to the new network
 * member's profile over My Network; otherwise the other member's profile over the dashboard, else the dashboard.
 */
function notificationPath(n: Notification): string {
  if (n.kind === 'network_request') return myNetworkPath(myNetworkSections[0]);
  if (n.kind === 'network_accepted' && n.counterpart) {
    return `${routes.myNetwork}/${encodeURIComponent(n.counterpart.id)}`;
  }
  return n.counterpart ? dashboardProfilePath(n.counterpart.id) : routes.dashboard;
}

/** The line a notification reads as (spec 000 §3 kinds; the texts are the domain's). */
function notificationLine(n: Notification): string {
  return notificationText(n.kind, n.counterpart?.name ?? null);
}

/**
 * The notification centre's popover, loaded on the bell's first use (notification-centre.tsx): the newest
 * notifications. Opening marks them all seen; those that were new stay marked while it is open. Each leads to what
 * it is about (and records that), and each can be dismissed. Live changes refresh the list. `firstUse`: what the
 * person did with the bell before this code was there (open it, and keep the focus on it).
 */
export function NotificationPopover({ firstUse }: { firstUse: FirstUse }) {
  const query = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const dismiss = useDismissNotification();
  const explore = useExploreNotification();
  const [opened, setOpened] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();
  const unseen = query.data?.unseen ?? 0;

  const open = () => {
    const list = query.data?.notifications ?? [];
    setFresh(new Set(list.filter((n) => !n.hasSeen).map((n) => n.id)));
    setOpened(true);
    if (unseen > 0) markSeen.mutate(undefined);
  };

  const bell = useRef<HTMLButtonElement>(null);
  const opening = useRef(firstUse);
  useEffect(() => {
    // Once, on the first render: a click on the stand-in opens it now, with the focus on the bell first (so that
    // the popover gives it back on closing).
    const { focus, open: wasClicked } = opening.current;
    opening.current = { open: false, focus: false };
    if (focus) bell.current?.focus();
    if (wasClicked) open();
  });

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : setOpened(false))}
      position="bottom-end"
      width="min(360px, calc(100vw - 24px))"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <BellButton ref={bell} unseen={unseen} onClick={() => (opened ? setOpened(false) : open())} />
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={headingId} p="xs">
        <Title order={2} fz="md" id={headingId} px={8} pt={4} pb={8}>
          {t.title}
        </Title>
        {query.isPending ? (
          <Stack align="center" py="md">
            <Loader size="sm" aria-label={t.loading} />
          </Stack>
        ) : query.isError ? (
          <Stack align="center" gap="xs" py="sm">
            <Text size="sm">{t.loadFailed}</Text>
            <Button size="xs" variant="light" onClick={() => query.refetch()}>
              {commonTexts.tryAgain}
            </Button>
          </Stack>
        ) : query.data.notifications.length === 0 ? (
          <Text size="sm" c="dimmed" px={8} pb={8}>
            {t.empty}
          </Text>
        ) : (
          <ul className="ig-notifications-list" aria-labelledby={headingId}>
            {query.data.notifications.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                fresh={fresh.has(n.id) || !n.hasSeen}
                onOpen={() => {
                  setOpened(false);
                  if (!n.hasExplored) explore.mutate(n.id);
                }}
                onDismiss={() => dismiss.mutate(n.id)}
              />
            ))}
          </ul>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

interface NotificationItemProps {
  notification: Notification;
  fresh: boolean;
  onOpen: () => void;
  onDismiss: () => void;
}

function NotificationItem({ notification: n, fresh, onOpen, onDismiss }: NotificationItemProps) {
  const line = notificationLine(n);
  return (
    <li className="ig-notification" data-fresh={fresh || undefined}>
      <Link to={notificationPath(n)} className="ig-notification-link" onClick={onOpen}>
        <Text size="sm" fw={fresh ? 600 : 400} component="span" display="block">
          {fresh ? (
            <>
              <span className="ig-notification-dot" aria-hidden="true" />
              <VisuallyHidden component="span">{`${t.unseen}: `}</VisuallyHidden>
            </>
          ) : null}
          {line}
        </Text>
        {n.counterpart?.companyName ? (
          <Text size="xs" c="dimmed" component="span" display="block">
            {n.counterpart.companyName}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" component="span" display="block">
          <time dateTime={new Date(n.createdAt).toISOString()} title={new Date(n.createdAt).toLocaleString()}>
            {relativeTime(n.createdAt)}
          </time>
        </Text>
      </Link>
      <CloseButton size="sm" mt={6} aria-label={t.dismiss(line)} onClick={onDismiss} />
    </li>
  );
}
