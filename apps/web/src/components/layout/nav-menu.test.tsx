// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NavMenu } from './nav-menu';

const items = [
  { label: 'Mitglieder', to: '/admin/members' },
  { label: 'Saisons', to: '/admin/seasons' },
  { label: 'Newsletter hochladen', to: '/newsletter#newsletter-upload-heading' },
];

afterEach(cleanup);

describe('a dropdown of the navigation bar', () => {
  it('opens with the down arrow, moves through its links with the arrow keys (wrapping), Home and End, and closes with Escape', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <ul>
          <NavMenu id="admin-menu" label="Admin" items={items} />
        </ul>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Admin' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Mitglieder'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Saisons');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mitglieder');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Newsletter hochladen');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Mitglieder');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Newsletter hochladen');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('a grouped dropdown', () => {
  it('shows each group as a list named by its heading, and the arrow keys move across the groups', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <ul>
          <NavMenu
            id="admin-menu"
            label="Admin"
            items={[
              { heading: 'Mitglieder', items: items.slice(0, 1) },
              { heading: 'Finanzen', items: items.slice(1) },
            ]}
          />
        </ul>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Admin' });
    await user.click(button);
    const finance = screen.getByRole('list', { name: 'Finanzen' });
    expect([...finance.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Saisons', 'Newsletter hochladen']);
    expect(screen.getByRole('list', { name: 'Mitglieder' }).textContent).toBe('Mitglieder');
    screen.getByRole('link', { name: 'Mitglieder' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Saisons');
  });
});
