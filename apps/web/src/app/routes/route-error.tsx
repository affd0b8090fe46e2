import { commonTexts } from '@intergen/domain';
import { Component, type ReactNode } from 'react';
import { FullPageMessage } from '../../components/full-page-message';

/** The last resort when a page fails to load or render (a new deployment's chunks, for instance). */
export function RouteError() {
  return (
    <FullPageMessage
      title={commonTexts.pageFailedTitle}
      message={commonTexts.pageFailedBody}
      actionLabel={commonTexts.reload}
      onAction={() => window.location.reload()}
    />
  );
}

interface BoundaryProps {
  /** The page's address: going to another page tries again. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows `RouteError` instead of the pages when one throws, until the person goes to another address. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
