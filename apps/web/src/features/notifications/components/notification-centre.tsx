import './notification-centre.css';
import { useLoadOnUse } from '../../../lib/load-on-use';
import { useNotifications } from '../api/get-notifications';
import { BellButton } from './bell-button';

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
