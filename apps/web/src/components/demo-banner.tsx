import { demoTexts } from '@intergen/domain';
import './demo-banner.css';

/**
 * The thin strip every page shows on a demo database (`npm run demo`; `demo` in GET /api/config). Fixed to the
 * bottom of the window, so its arrival after the page moves nothing on screen.
 */
export function DemoBanner() {
  return (
    <aside className="ig-demo-banner" aria-label={demoTexts.bannerLabel}>
      <strong>{demoTexts.bannerLabel}</strong> {demoTexts.banner}
    </aside>
  );
}
