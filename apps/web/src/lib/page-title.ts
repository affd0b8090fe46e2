import { navigationTexts } from '@intergen/domain';
import { useDocumentTitle } from '@mantine/hooks';

/** Sets `document.title` to "<page> · InterGen" while the page is shown. */
export function usePageTitle(page: string) {
  useDocumentTitle(navigationTexts.documentTitle(page));
}
