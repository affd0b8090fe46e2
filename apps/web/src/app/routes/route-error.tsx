import { commonTexts } from '@intergen/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { FullPageMessage } from '../../components/full-page-message';

/** The last resort when a page fails to load or render (a new deployment's chunks, for instance). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <FullPageMessage
      title={commonTexts.pageFailedTitle}
      message={commonTexts.pageFailedBody}
      actionLabel={commonTexts.reload}
      onAction={() => window.location.reload()}
    />
  );
}
