import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The one h1 of a screen, its intro line and the tab title. */
export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="page-header mb-4">
      <h1>{title}</h1>
      {intro ? <p className="lead mb-0">{intro}</p> : null}
      {children}
    </header>
  );
}
