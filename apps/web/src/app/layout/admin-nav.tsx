import {
  adminAnalyticsTexts,
  adminMailboxTexts,
  adminMatchingTexts,
  adminMembersTexts,
  adminRecordsTexts,
  auditTexts,
  crmTexts,
  navigationTexts,
  outboxTexts,
  routes,
  settingsTexts,
} from '@intergen/domain';
import { NavLink } from 'react-router';
import {
  adminAnalyticsPath,
  adminAuditPath,
  adminCrmPath,
  adminMembersPath,
  adminOutboxPath,
  adminRequestsPath,
  adminScoresPath,
  adminSettingsPath,
  adminSuggestionsPath,
} from '../../lib/paths';

/**
 * The admin area's sections, in the order the navigation shows them: one list, so a new section is one line.
 * On a narrow screen the row scrolls sideways rather than wrapping into a block of links.
 */
const adminSections: readonly { readonly to: string; readonly label: string }[] = [
  { to: adminMembersPath, label: adminMembersTexts.navLabel },
  { to: adminSuggestionsPath, label: adminMatchingTexts.navLabel },
  { to: adminRequestsPath, label: adminRecordsTexts.requestsNavLabel },
  { to: adminScoresPath, label: adminRecordsTexts.scoresNavLabel },
  { to: adminCrmPath, label: crmTexts.navLabel },
  { to: routes.adminMailbox, label: adminMailboxTexts.navLabel },
  { to: adminOutboxPath, label: outboxTexts.navLabel },
  { to: adminAnalyticsPath, label: adminAnalyticsTexts.navLabel },
  { to: adminSettingsPath, label: settingsTexts.navLabel },
  { to: adminAuditPath, label: auditTexts.navLabel },
];

export function AdminNav() {
  return (
    <div className="ig-page-top ig-page-top-wide">
      <nav aria-label={navigationTexts.admin} className="ig-admin-nav" data-scroll-container>
        {adminSections.map((section) => (
          <NavLink key={section.to} to={section.to} className="ig-nav-link">
            {section.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
