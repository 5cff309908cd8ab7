import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation, useNavigationType } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Thin bar at the top while the next screen (its chunk, its data) is on its way (shown after 300 ms). */
function NavigationProgress() {
  if (useNavigation().state === 'idle') return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label="Seite wird geladen">
      <div className="navigation-progress-bar" />
    </div>
  );
}

/** After a change of screen, move the focus to the content so screen readers start there. */
function useFocusMainOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/**
 * A new screen starts at the top; back and forward leave the position to the browser
 * (`history.scrollRestoration` stays `auto`); a link to a #section scrolls there itself.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
}

/** Header, content and footer around every screen (docs/domain-rules.md «Screens and routes»). */
export function Layout() {
  const mainRef = useFocusMainOnNavigation();
  useScrollToTopOnNavigation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Zum Inhalt
      </a>
      <NavigationProgress />
      <header>
        <Navbar />
        <DemoBanner />
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className="container py-4 flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
