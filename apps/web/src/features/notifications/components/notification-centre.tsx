import '@mantine/core/styles/Indicator.css';
import './notification-centre.css';
import { notificationTexts as t } from '@intergen/domain';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentProps, Ref } from 'react';
import { useLoadOnUse } from '../../../lib/load-on-use';
import { useNotifications } from '../api/get-notifications';

/** The bell: the unseen count in its badge and in its name. */
export function BellButton({
  unseen,
  ref,
  ...props
}: { unseen: number; ref?: Ref<HTMLButtonElement> } & ComponentProps<'button'>) {
  return (
    <Indicator
      inline
      label={<span aria-hidden="true">{unseen}</span>}
      maxValue={99}
      disabled={unseen === 0}
      size={18}
      offset={6}
      color="red"
    >
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t.bellLabel(unseen)}
        {...props}
      >
        <IconBell size={20} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}

const loadPopover = () => import('./notification-popover');

/**
 * The header's notification centre: a bell with the unseen count that opens the newest notifications
 * (notification-popover.tsx). The popover's code (Mantine's Popover and floating-ui) loads on the bell's first
 * use (`useLoadOnUse`); until then the bell is drawn here, with the same count.
 */
export function NotificationCentre() {
  const unseen = useNotifications().data?.unseen ?? 0;
  const popover = useLoadOnUse(loadPopover);
  if (popover.loaded) return <popover.loaded.NotificationPopover firstUse={popover.firstUse} />;
  return <BellButton unseen={unseen} aria-haspopup="dialog" aria-expanded={false} {...popover.handlers} />;
}
