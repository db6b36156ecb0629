import type { ReactNode } from 'react';
import type { LinkItem } from '../src/shared/site-chrome';
import { isExternalUrl } from '../src/shared/url-scheme';
import { safeUrl } from './safe-url';

/** A link that opens external URLs in a new tab with safe `rel` values. */
export function SmartLink({ item, className, children }: { item: LinkItem; className?: string; children?: ReactNode }) {
  const href = safeUrl(item.to ?? item.href);
  const isExternal = isExternalUrl(href) && !href.startsWith('mailto:');
  const rel = [isExternal ? 'noopener noreferrer' : '', item.rel ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <a className={className} href={href} rel={rel} target={isExternal ? '_blank' : undefined}>
      {children ?? item.label}
      {isExternal ? <span className="external-icon" aria-hidden="true" /> : null}
    </a>
  );
}
