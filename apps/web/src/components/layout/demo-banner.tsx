import { useSiteInfo } from '@/lib/site';

/** Shown on every page while the site runs with demo data and demo logins. */
export function DemoBanner() {
  const { demo } = useSiteInfo();
  if (!demo) return null;
  return (
    <div className="demo-banner" role="note">
      <div className="container">
        <span className="badge text-bg-dark me-2">Demo</span>
        Demo – keine echten Daten. Diese Installation enthält Beispieldaten und Demo-Logins.
      </div>
    </div>
  );
}
