import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

export type NavMenuItem = { label: string; to: string; external?: false } | { label: string; href: string; external: true };
/** Entries of a long dropdown under a heading of their own (the Admin menu: Mitglieder, Finanzen, …). */
export interface NavMenuGroup {
  heading: string;
  items: readonly NavMenuItem[];
}

/**
 * A dropdown of the navigation bar as a disclosure: a button that shows or hides a
 * list of links (Bootstrap's dropdown look, without a positioning library).
 * Escape, a click elsewhere, leaving it with Tab or a change of page close it; the arrow keys
 * move through its links (react-bootstrap's Dropdown would do that, but the shell loads no
 * react-bootstrap: this disclosure is its own, so it handles the keys itself).
 */
interface NavMenuProps {
  /** id of the toggle button; the list is labelled by it (`admin-menu`). */
  id: string;
  label: string;
  /** The entries, or the entries under their headings. */
  items: readonly NavMenuItem[] | readonly NavMenuGroup[];
}

const isGrouped = (items: NavMenuProps['items']): items is readonly NavMenuGroup[] => items.length > 0 && 'heading' in items[0]!;

/** Moves the focus to the link `to` of the list ('first', 'last', or one step from the focused one), wrapping around. */
function focusItem(list: HTMLUListElement | null, to: 'first' | 'last' | 1 | -1) {
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>('a.dropdown-item') ?? [])];
  if (links.length === 0) return;
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  const index =
    to === 'first'
      ? 0
      : to === 'last'
        ? links.length - 1
        : current < 0
          ? to === 1
            ? 0
            : links.length - 1
          : (current + to + links.length) % links.length;
  links[index]?.focus();
}

/**
 * The button's and the list's refs with the keys of the menu: Escape closes; the arrow keys (and Home/End) move
 * through the open menu, from the button too (opening it).
 */
function useMenuKeys(open: boolean, setOpen: (value: boolean) => void) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const moves: Record<string, 'first' | 'last' | 1 | -1> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    const move = moves[event.key];
    if (move === undefined || (!open && event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      // The list is shown on the next render: focus its first (or last) item then.
      requestAnimationFrame(() => focusItem(listRef.current, move === 1 ? 'first' : 'last'));
      return;
    }
    focusItem(listRef.current, move);
  };
  return { buttonRef, listRef, onKeyDown };
}

/** The menu's entries, under their headings when grouped. */
function MenuItems({ id, items, onFollow }: { id: string; items: NavMenuProps['items']; onFollow: () => void }) {
  if (!isGrouped(items)) return items.map((item) => <MenuEntry key={item.label} item={item} onFollow={onFollow} />);
  return items.map((group) => {
    const headingId = `${id}-${group.heading.toLowerCase()}`;
    return (
      <li key={group.heading} className="nav-menu-group">
        <span id={headingId} className="dropdown-header">
          {group.heading}
        </span>
        <ul aria-labelledby={headingId} className="list-unstyled">
          {group.items.map((item) => (
            <MenuEntry key={item.label} item={item} onFollow={onFollow} />
          ))}
        </ul>
      </li>
    );
  });
}

export function NavMenu({ id, label, items }: NavMenuProps) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: a change of page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const menuId = `${id}-list`;
  const rootRef = useRef<HTMLLIElement>(null);
  const entries = isGrouped(items) ? items.flatMap((group) => group.items) : items;
  const active = entries.some((item) => !item.external && (pathname === item.to || pathname.startsWith(`${item.to}/`)));
  const { buttonRef, listRef, onKeyDown } = useMenuKeys(open, setOpen);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <li
      ref={rootRef}
      className="nav-item dropdown"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className={`nav-link dropdown-toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul ref={listRef} id={menuId} aria-labelledby={id} className={`dropdown-menu${open ? ' show' : ''}`} data-bs-popper="static">
        <MenuItems id={id} items={items} onFollow={() => setOpen(false)} />
      </ul>
    </li>
  );
}

/** One link of a dropdown; an external one opens in a new window and says so. */
function MenuEntry({ item, onFollow }: { item: NavMenuItem; onFollow: () => void }) {
  return (
    <li>
      {item.external ? (
        <a className="dropdown-item" href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
          <span aria-hidden="true" className="external-mark">
            {' '}
            ↗
          </span>
          <span className="visually-hidden"> (öffnet in neuem Fenster)</span>
        </a>
      ) : (
        <NavLink className="dropdown-item" to={item.to} onClick={onFollow}>
          {item.label}
        </NavLink>
      )}
    </li>
  );
}
