import '@mantine/core/styles/Menu.css';
import { adminProfileTexts } from '@intergen/domain';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminProfilePath } from '../../../lib/paths';
import { ReasonModal } from './reason-modal';
import {
  type ActionTarget,
  type AdminAction,
  type AdminActions,
  actionLabels,
  availableActions,
  reasonActions,
} from './use-admin-actions';

/**
 * A profile's admin actions. `inline` shows every action as a button (the status panel); `awaiting` shows
 * Approve and Verify/Unverify only (the experts awaiting approval); `menu` shows the main action with the rest
 * in a menu (the table of all profiles).
 */
export type ActionLayout = 'inline' | 'awaiting' | 'menu';

export function ActionButtons({
  target,
  actions,
  layout,
  withOpen = true,
}: {
  target: ActionTarget;
  actions: AdminActions;
  layout: ActionLayout;
  withOpen?: boolean;
}) {
  const [asking, setAsking] = useState<AdminAction | null>(null);
  const available = availableActions(target);
  const reasonPending = asking !== null && actions.isRunning(asking, target.id);

  const start = (action: AdminAction) => {
    if (reasonActions.has(action)) setAsking(action);
    else void actions.run(action, target);
  };

  const button = (action: AdminAction) => (
    <Button
      key={action}
      size="xs"
      variant={action === 'approve' || action === 'publish' ? 'filled' : 'default'}
      color={reasonActions.has(action) ? 'red' : undefined}
      loading={actions.isRunning(action, target.id)}
      disabled={actions.busy && !actions.isRunning(action, target.id)}
      onClick={() => start(action)}
      aria-label={`${actionLabels[action]} ${target.name}`}
    >
      {actionLabels[action]}
    </Button>
  );

  const primary: AdminAction[] = available.filter((a) => a === 'approve' || a === 'publish');
  const rest = available.filter((a) => !primary.includes(a));

  return (
    <>
      <Group gap={6} wrap="nowrap">
        {withOpen ? (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={adminProfilePath(target.id)}
            leftSection={<IconExternalLink size={14} aria-hidden="true" />}
            aria-label={`${adminProfileTexts.open} ${target.name}`}
          >
            {adminProfileTexts.open}
          </Button>
        ) : null}
        {layout === 'inline' ? (
          available.map(button)
        ) : layout === 'awaiting' ? (
          available.filter((a) => a === 'approve' || a === 'verify' || a === 'unverify').map(button)
        ) : (
          <>
            {primary.map(button)}
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                  disabled={actions.busy}
                  aria-label={adminProfileTexts.moreActions(target.name)}
                >
                  {adminProfileTexts.actions}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {rest.map((action) => (
                  <Menu.Item
                    key={action}
                    color={reasonActions.has(action) ? 'red' : undefined}
                    onClick={() => start(action)}
                  >
                    {actionLabels[action]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </>
        )}
      </Group>
      {asking ? (
        <ReasonModal
          title={adminProfileTexts.reasonTitle(actionLabels[asking], target.name)}
          hint={asking === 'deactivate' ? adminProfileTexts.deactivateHint : adminProfileTexts.unpublishHint}
          confirmLabel={actionLabels[asking]}
          pending={reasonPending}
          error={
            actions.error?.id === target.id && actions.error.action === asking ? actions.error.message : null
          }
          onClose={() => {
            actions.clearError();
            setAsking(null);
          }}
          onConfirm={async (reason) => {
            if (await actions.run(asking, target, reason)) setAsking(null);
          }}
        />
      ) : null}
    </>
  );
}
