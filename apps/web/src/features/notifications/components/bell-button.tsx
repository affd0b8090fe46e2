import '@mantine/core/styles/Indicator.css';
import { notificationTexts as t } from '@intergen/domain';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentProps, Ref } from 'react';

/**
 * The header's bell, drawn by the notification centre (notification-centre.tsx) until the popover's code is there,
 * then by the popover (notification-popover.tsx, loaded on first use). In a file of its own so that the popover
 * does not import the centre that loads it; it goes with the centre's code, which imports it statically.
 */

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
