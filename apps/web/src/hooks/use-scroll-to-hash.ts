import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to `#anchor` once the screen has rendered (and, with `ready`, once the part with the
 * anchor is shown, e.g. the board's section after the session is known). Needed when a page with
 * an anchor is opened directly or from a menu: the browser looks for it before the screen is loaded.
 */
export function useScrollToHash(ready = true): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash || !ready) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, ready]);
}
