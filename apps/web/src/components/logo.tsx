import { navigationTexts } from '@intergen/domain';
import { PageLink } from './page-link';

/** The InterGen mark: two linked rings (an advisor and a company) and the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <circle cx="12.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="19.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}

/** The logo as a link to the person's landing page. */
export function Logo({ to }: { to: string }) {
  return (
    <PageLink to={to} className="ig-logo" aria-label={navigationTexts.logoHome}>
      <LogoMark />
      <span>{navigationTexts.brand}</span>
    </PageLink>
  );
}
