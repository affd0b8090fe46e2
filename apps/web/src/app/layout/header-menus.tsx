import '@mantine/core/styles/Menu.css';
import type { SessionUser } from '@intergen/contracts';
import { headerFirstName, navigationTexts, routes } from '@intergen/domain';
import { Burger, Menu } from '@mantine/core';
import { IconHelpCircle, IconLogout, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FirstUse } from '../../lib/load-on-use';
import { useSignOut } from '../../lib/sign-out';
import { AccountButton, type HeaderLink } from './header-account';
import { useOpenHelp } from './help';

/**
 * The header's two menus, loaded on first use (`useLoadOnUse` in header-nav.tsx): Mantine's Menu and the popover
 * code under it are not part of a page's first load. Each opens at once when it was loaded by a click.
 */

/**
 * A header menu's props (open state, placement under its button) and its button's ref; on its first render, the
 * focus and the opening the stand-in was asked for.
 */
function useHeaderMenu(firstUse: FirstUse, width: number) {
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (firstUse.focus) target.current?.focus();
    if (firstUse.open) setOpened(true);
  }, [firstUse]);
  const menu = {
    opened,
    onChange: setOpened,
    position: 'bottom-end',
    width,
    shadow: 'md',
    withInitialFocusPlaceholder: false,
  } as const;
  return { menu, target };
}

/** The name menu of wide screens: Settings (members) and Logout. */
export function AccountMenu({ user, firstUse }: { user: SessionUser; firstUse: FirstUse }) {
  const signOut = useSignOut();
  const { menu, target } = useHeaderMenu(firstUse, 200);
  return (
    <Menu {...menu}>
      <Menu.Target>
        <AccountButton ref={target} user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        {user.kind ? <SettingsItem /> : null}
        <LogoutItem signOut={signOut} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The one menu of narrow screens: the name, the links, Help, Settings and Logout. */
export function NarrowMenu({
  user,
  links,
  firstUse,
}: {
  user: SessionUser;
  links: HeaderLink[];
  firstUse: FirstUse;
}) {
  const openHelp = useOpenHelp();
  const signOut = useSignOut();
  const { menu, target } = useHeaderMenu(firstUse, 220);
  return (
    <Menu {...menu}>
      <Menu.Target>
        <Burger ref={target} opened={menu.opened} aria-label={navigationTexts.menu} size="sm" />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{headerFirstName(user.firstName) || user.email}</Menu.Label>
        {links.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={<link.icon size={16} aria-hidden="true" />}
          >
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={<IconHelpCircle size={16} aria-hidden="true" />} onClick={openHelp}>
          {navigationTexts.help}
        </Menu.Item>
        {user.kind ? <SettingsItem /> : null}
        <Menu.Divider />
        <LogoutItem signOut={signOut} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** Settings: the own basic information and the account section (`/profile/edit`). */
function SettingsItem() {
  return (
    <Menu.Item
      component={Link}
      to={routes.profileEdit}
      leftSection={<IconSettings size={16} aria-hidden="true" />}
    >
      {navigationTexts.settings}
    </Menu.Item>
  );
}

/** Logout; the menu stays open on it while the server ends the session. */
function LogoutItem({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  return (
    <Menu.Item
      leftSection={<IconLogout size={16} aria-hidden="true" />}
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
      closeMenuOnClick={false}
    >
      {signOut.isPending ? navigationTexts.loggingOut : navigationTexts.logout}
    </Menu.Item>
  );
}
