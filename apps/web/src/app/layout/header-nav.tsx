import '@mantine/core/styles/Burger.css';
import type { SessionUser } from '@intergen/contracts';
import { navigationTexts, profileLinkPath, routes } from '@intergen/domain';
import { Burger, UnstyledButton } from '@mantine/core';
import { IconHelpCircle, IconLayoutDashboard, IconMail, IconUser, IconUsers } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { NotificationCentre } from '../../features/notifications';
import { usePublicConfig } from '../../lib/config';
import { useLoadOnUse } from '../../lib/load-on-use';
import { useIsNarrow } from '../../lib/media';
import { AccountButton, type HeaderLink } from './header-account';
import { useOpenHelp } from './help';

/**
 * The signed-in header's navigation, loaded with `import()` by the header: it is not part of the signed-out
 * pages' first load. Its two menus load on first use in turn (header-menus.tsx): until then each is its button.
 */

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

const loadMenus = () => import('./header-menus');

/** Until its menu's code is there, a menu button says it opens a menu, as Mantine's target will. */
const closedMenu = { 'aria-haspopup': 'menu', 'aria-expanded': false } as const;

function WideNav({ user }: { user: SessionUser }) {
  const communityTab = useCommunityTab();
  const openHelp = useOpenHelp();
  const menus = useLoadOnUse(loadMenus);
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
      {menus.loaded ? (
        <menus.loaded.AccountMenu user={user} firstUse={menus.firstUse} />
      ) : (
        <AccountButton user={user} {...closedMenu} {...menus.handlers} />
      )}
    </>
  );
}

function NarrowNav({ user }: { user: SessionUser }) {
  const communityTab = useCommunityTab();
  const menus = useLoadOnUse(loadMenus);
  const links = headerLinks(user, communityTab);

  return (
    <>
      <div style={{ flex: 1 }} />
      {user.kind ? <NotificationCentre /> : null}
      {menus.loaded ? (
        <menus.loaded.NarrowMenu user={user} links={links} firstUse={menus.firstUse} />
      ) : (
        <Burger
          opened={false}
          aria-label={navigationTexts.menu}
          size="sm"
          {...closedMenu}
          {...menus.handlers}
        />
      )}
    </>
  );
}

/** The links, Help and name menu on wide screens; one menu at 640 px or less. */
export function HeaderNav({ user }: { user: SessionUser }) {
  const narrow = useIsNarrow();
  return narrow ? <NarrowNav user={user} /> : <WideNav user={user} />;
}
