import { routes } from '@intergen/domain';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '../../lib/session';
import { AdminNav } from './admin-nav';
import './page-top.css';

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
