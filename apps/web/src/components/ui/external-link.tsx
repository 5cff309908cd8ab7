import type { ReactNode } from 'react';

/** A link that opens another site in a new tab and says so to screen readers. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span aria-hidden="true" className="external-mark">
        {' '}
        ↗
      </span>
      <span className="visually-hidden"> (öffnet in neuem Fenster)</span>
    </a>
  );
}
