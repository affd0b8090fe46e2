import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Menu.css';
import type { SessionUser } from '@intergen/contracts';
import { headerFirstName, navigationTexts, profileLinkPath, routes } from '@intergen/domain';
import { Burger, Menu, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconSettings,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { NotificationCentre } from '../../features/notifications';
import { usePublicConfig } from '../../lib/config';
import { useIsNarrow } from '../../lib/media';
import { useSignOut } from '../../lib/sign-out';
import { useOpenHelp } from './help';

/**
 * The signed-in header's navigation, loaded with `import()` by the header: the menus (and the popover code under
 * them) and the notification centre are not part of the signed-out pages' first load.
 */

interface HeaderLink {
  to: string;
  label: string;
  icon: typeof IconUser;
}

/** The header's links for a person with header access (spec 000 §2, Header and footer). */
function headerLinks(user: SessionUser, communityTab: boolean): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (user.kind) {
    links.push({ to: routes.dashboard, label: navigationTexts.dashboard, icon: IconLayoutDashboard });
    if (communityTab) links.push({ to: routes.myNetwork, label: navigationTexts.myNetwork, icon: IconUsers });
    links.push({ to: profileLinkPath(user), label: navigationTexts.profile, icon: IconUser });
  }
  if (user.isAdmin) links.push({ to: routes.adminMailbox, label: navigationTexts.admin, icon: IconMail });
  return links;
}

function useCommunityTab(): boolean {
  return usePublicConfig().data?.communityTab ?? false;
}

function WideNav({ user }: { user: SessionUser }) {
  const communityTab = useCommunityTab();
  const openHelp = useOpenHelp();
  const signOut = useSignOut();
  const links = headerLinks(user, communityTab);

  return (
    <>
      <nav aria-label={navigationTexts.mainNavigation} style={{ display: 'flex', gap: 4, marginLeft: 16 }}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className="ig-nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div style={{ flex: 1 }} />
      {user.kind ? <NotificationCentre /> : null}
      <UnstyledButton className="ig-nav-link" onClick={openHelp}>
        <IconHelpCircle size={18} aria-hidden="true" style={{ marginRight: 6 }} />
        {navigationTexts.help}
      </UnstyledButton>
      <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton className="ig-nav-link">
            {headerFirstName(user.firstName) || navigationTexts.account}
            <IconChevronDown size={16} aria-hidden="true" style={{ marginLeft: 4 }} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {user.kind ? <SettingsItem /> : null}
          <LogoutItem signOut={signOut} />
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

function NarrowNav({ user }: { user: SessionUser }) {
  const communityTab = useCommunityTab();
  const openHelp = useOpenHelp();
  const signOut = useSignOut();
  const [opened, setOpened] = useState(false);
  const links = headerLinks(user, communityTab);

  return (
    <>
      <div style={{ flex: 1 }} />
      {user.kind ? <NotificationCentre /> : null}
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={220}
        shadow="md"
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Burger opened={opened} aria-label={navigationTexts.menu} size="sm" />
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
    </>
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

/** The links, Help and name menu on wide screens; one menu at 640 px or less. */
export function HeaderNav({ user }: { user: SessionUser }) {
  const narrow = useIsNarrow();
  return narrow ? <NarrowNav user={user} /> : <WideNav user={user} />;
}
