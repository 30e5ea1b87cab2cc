import { Component, type ReactNode } from 'react';
import { PageError } from './PageError';

/** Catches a page that fails to load (a chunk request failing after a deploy) or throws while rendering. */
export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}
