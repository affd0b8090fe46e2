import { routes } from '@intergen/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '../../lib/session';
import './page-top.css';

/**
 * The admin section's tabs (with every admin text they name) load with the admin pages: the router loads them
 * beside each admin page's module (`loadAdminNav`), so they render at once there, and are no part of any other
 * page's first load.
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
  if (LoadedAdminNav) return <LoadedAdminNav />;
  return (
    <Suspense fallback={null}>
      <LazyAdminNav />
    </Suspense>
  );
}

// A member's banners and popups load with `import()`: the signed-out pages never fetch them.
const AccountBanners = lazy(async () => ({
  default: (await import('../../features/account')).AccountBanners,
}));
const AnnualConfirmationPopup = lazy(async () => ({
  default: (await import('../../features/account')).AnnualConfirmationPopup,
}));

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
        <Suspense fallback={null}>
          <AccountBanners user={user} />
        </Suspense>
      </div>
      {annualConfirmationPaths.includes(pathname) ? (
        <Suspense fallback={null}>
          <AnnualConfirmationPopup user={user} />
        </Suspense>
      ) : null}
    </>
  );
}
