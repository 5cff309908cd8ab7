// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfList } from './pdf-list';

afterEach(cleanup);

describe('a list of PDFs', () => {
  it('shows an item’s note beside its title (a newsletter the members see only from its date)', () => {
    const items = [
      { id: 1, title: 'Vorschau Playoffs', date: '2026-12-01', size: 2048, badge: 'ab 01.12.2026' },
      { id: 2, title: 'Rückblick', date: '2026-11-01', size: 4096 },
    ];
    render(<PdfList items={items} empty="Keine" download={{ start: () => undefined, pendingId: null, error: null, errorTitle: 'x' }} />);
    expect(screen.getByText('Vorschau Playoffs').textContent).toBe('Vorschau Playoffsab 01.12.2026');
    expect(screen.getByText('ab 01.12.2026').className).toContain('badge');
    expect(screen.getByText('Rückblick').textContent).toBe('Rückblick');
  });
});
