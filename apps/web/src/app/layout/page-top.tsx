import { routes } from '@intergen/domain';
import { type ComponentType, lazy } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '../../lib/session';
import './page-top.css';

/**
 * The admin section's tabs (with every admin text they name) load with the admin pages: the router loads them
 * beside each admin page's module (`loadAdminNav`), so they render at once there, and are no part of any other
 * page's first load.
 *
 * Not yet loaded, they suspend the page's own boundary (app/router.tsx), never one of their own: the page's
 * transition then shows the tabs and the page in one commit. With a boundary of their own (fallback `null`), a page
 * whose code arrived while the layout was rendering committed without them, and React revealed them up to 300 ms
 * later, pushing the page down by their 48 px (a layout shift, seen as a flaky e2e test at 390 px).
 */
let LoadedAdminNav: ComponentType | null = null;
export async function loadAdminNav(): Promise<void> {
  LoadedAdminNav = (await import('./admin-nav')).AdminNav;
}
const LazyAdminNav = lazy(async () => {
  await loadAdminNav();
  return { default: LoadedAdminNav as ComponentType };
});

function AdminNav() {
  return LoadedAdminNav ? <LoadedAdminNav /> : <LazyAdminNav />;
}

/**
 * A member's banners and popups load with `import()`, so the signed-out pages never fetch them; the router loads
 * them beside each member page's module (`loadAccountParts`), as the admin tabs above, so that a banner renders
 * with the page instead of arriving after it and pushing it down (a layout shift). As the tabs, they suspend the
 * page's boundary while not loaded (on a page that does not load them itself: `open` ones).
 */
type AccountModule = typeof import('../../features/account');
type AccountParts = Pick<AccountModule, 'AccountBanners' | 'AnnualConfirmationPopup'>;
let loadedAccountParts: AccountParts | null = null;
export async function loadAccountParts(): Promise<void> {
  if (loadedAccountParts) return;
  // Named, not the whole module: the bundler then leaves the feature's other parts out of this chunk.
  const { AccountBanners, AnnualConfirmationPopup } = await import('../../features/account');
  loadedAccountParts = { AccountBanners, AnnualConfirmationPopup };
}
const LazyAccountBanners = lazy(async () => {
  await loadAccountParts();
  return { default: (loadedAccountParts as AccountParts).AccountBanners };
});
const LazyAnnualConfirmationPopup = lazy(async () => {
  await loadAccountParts();
  return { default: (loadedAccountParts as AccountParts).AnnualConfirmationPopup };
});

/** The pages that ask a company for its yearly confirmation (spec 000 §2, Dashboard; the own profile). */
const annualConfirmationPaths: readonly string[] = [routes.dashboard, routes.profilePublic];

/**
 * What shows above every signed-in page: the admin section's tabs on admin pages, and a member's account
 * banners (paused, welcome back, pending) with the annual confirmation where it applies.
 */
export function PageTop() {
  const user = useUser();
  const { pathname } = useLocation();
  if (!user) return null;
  const onAdminPage = pathname === routes.admin || pathname.startsWith(`${routes.admin}/`);
  if (onAdminPage && user.isAdmin) return <AdminNav />;
  if (!user.kind) return null;
  return (
    <>
      <div className="ig-page-top">
        {loadedAccountParts ? (
          <loadedAccountParts.AccountBanners user={user} />
        ) : (
          <LazyAccountBanners user={user} />
        )}
      </div>
      {annualConfirmationPaths.includes(pathname) ? (
        loadedAccountParts ? (
          <loadedAccountParts.AnnualConfirmationPopup user={user} />
        ) : (
          <LazyAnnualConfirmationPopup user={user} />
        )
      ) : null}
    </>
  );
}
