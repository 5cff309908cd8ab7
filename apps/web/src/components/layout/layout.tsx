import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Thin bar at the top while the next screen is on its way (shown after 300 ms). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
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

/** Header, content and footer around every screen (SPEC.md §2). */
export function Layout() {
  const mainRef = useFocusMainOnNavigation();
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
      <ScrollRestoration />
    </div>
  );
}
