import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button that may be unavailable with a reason. Unavailable, it stays focusable (aria-disabled, Mantine's
 * `data-disabled`) so that keyboard and touch users reach its tooltip; pressing it then calls `onRefused`
 * (the wizard shows every field's message) instead of `onClick`.
 */
export function GuardedButton({
  enabled,
  reason,
  onClick,
  onRefused,
  children,
  ...props
}: {
  enabled: boolean;
  reason: string;
  onClick: () => void;
  onRefused?: () => void;
  children: ReactNode;
} & Omit<ButtonProps, 'disabled'>) {
  return (
    <Tooltip label={reason} disabled={enabled} events={{ hover: true, focus: true, touch: true }} withArrow>
      <Button
        {...props}
        data-disabled={enabled ? undefined : true}
        aria-disabled={enabled ? undefined : true}
        onClick={(event) => {
          if (!enabled) {
            event.preventDefault();
            onRefused?.();
            return;
          }
          onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
