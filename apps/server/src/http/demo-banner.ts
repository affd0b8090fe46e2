import { demoTexts } from '@intergen/domain';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The strip every page of a demo database carries (`npm run demo`), written into the page by the server, outside
 * the app's root: no script loads for it, it shows before the app runs, and stays through the app's navigation.
 * Fixed to the bottom of the window, with room kept below the page so it hides nothing.
 */
const banner =
  `<aside aria-label="${escapeHtml(demoTexts.bannerLabel)}" style="position:fixed;inset:auto 0 0;z-index:150;` +
  'padding:4px 12px;background:#ffec99;color:#1a1b1e;border-top:1px solid #fab005;font-size:14px;' +
  `line-height:1.4;text-align:center"><strong>${escapeHtml(demoTexts.bannerLabel)}</strong> ` +
  `${escapeHtml(demoTexts.banner)}</aside><style>body{padding-bottom:52px}</style>`;

/** A page of the web app with the demo strip before `</body>` (or at its end). */
export function withDemoBanner(html: string): string {
  const end = html.lastIndexOf('</body>');
  return end < 0 ? html + banner : html.slice(0, end) + banner + html.slice(end);
}
