import type { ReactNode } from 'react';

/** A card with an h2 and an optional action beside the heading. */
export function SectionCard({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="card shadow-sm h-100">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id={`${id}-heading`} className="h4 card-title mb-0">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A short "saved" line that screen readers announce. */
export function SavedNote({ text = 'Gespeichert.' }: { text?: string }) {
  return (
    <p className="text-success small mb-2" role="status">
      {text}
    </p>
  );
}
