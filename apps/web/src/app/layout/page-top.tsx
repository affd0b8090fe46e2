import {
  adminMailboxTexts,
  adminMatchingTexts,
  adminProfileTexts,
  auditTexts,
  crmTexts,
  navigationTexts,
  outboxTexts,
  routes,
  settingsTexts,
} from '@intergen/domain';
import { NavLink, useLocation } from 'react-router';
import { AccountBanners, AnnualConfirmationPopup } from '../../features/account';
import {
  adminAuditPath,
  adminCrmPath,
  adminOutboxPath,
  adminProfilesPath,
  adminSettingsPath,
  adminSuggestionsPath,
} from '../../lib/paths';
import { useUser } from '../../lib/session';
import './page-top.css';

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
        <AccountBanners user={user} />
      </div>
      {annualConfirmationPaths.includes(pathname) ? <AnnualConfirmationPopup user={user} /> : null}
    </>
  );
}

function AdminNav() {
  return (
    <div className="ig-page-top ig-page-top-wide">
      <nav aria-label={navigationTexts.admin} style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        <NavLink to={routes.adminMailbox} className="ig-nav-link">
          {adminMailboxTexts.navLabel}
        </NavLink>
        <NavLink to={adminProfilesPath} className="ig-nav-link">
          {adminProfileTexts.navLabel}
        </NavLink>
        <NavLink to={adminSuggestionsPath} className="ig-nav-link">
          {adminMatchingTexts.navLabel}
        </NavLink>
        <NavLink to={adminCrmPath} className="ig-nav-link">
          {crmTexts.navLabel}
        </NavLink>
        <NavLink to={adminOutboxPath} className="ig-nav-link">
          {outboxTexts.navLabel}
        </NavLink>
        <NavLink to={adminSettingsPath} className="ig-nav-link">
          {settingsTexts.navLabel}
        </NavLink>
        <NavLink to={adminAuditPath} className="ig-nav-link">
          {auditTexts.navLabel}
        </NavLink>
      </nav>
    </div>
  );
}
