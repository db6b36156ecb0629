import type { ErrorInfo } from 'react';

/**
 * What React recovered from by itself, above all a hydration mismatch (the server's markup and the browser's
 * first render differ, and React rendered the subtree again): a defect of the templates or of a site's
 * component, logged with the component stack that locates it. The page stays usable.
 */
export function reportRecoverable(error: unknown, info: ErrorInfo): void {
  console.error('docs-it: React recovered from an error (hydration mismatch?):', error, info.componentStack ?? '');
}
