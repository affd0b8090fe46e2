import { navigationTexts } from '@intergen/domain';
import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The 56 px header bar: the logo (a link to `logoTo`), and whatever the header shows beside it. */
export function HeaderBar({ logoTo, children }: { logoTo: string; children?: ReactNode }) {
  return (
    <header className="ig-header">
      <div className="ig-header-inner">
        <Logo to={logoTo} />
        {children}
      </div>
    </header>
  );
}

/**
 * Every page's frame: the skip link, the header, the page as `<main>`, and the footer where there is one. The app's
 * layout (app/layout/app-layout.tsx) and the signed-out entry (app/signed-out-app.tsx) both draw it.
 */
export function Shell({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ig-shell">
      <a href="#main" className="ig-skip-link">
        {navigationTexts.skipToContent}
      </a>
      {header}
      <main id="main" className="ig-main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  );
}
