import { useEffect, useState } from 'react';
import { redirectToLogin, useSession, type Session } from '@/lib/session';

/**
 * For screens only members see: a visitor goes to the login and comes back to `returnTo`.
 * Someone who was logged in here and just logged out is on the way Home, not to the login.
 */
export function useMemberOnly(returnTo: string, enabled = true): Session {
  const session = useSession();
  const visitor = session.status === 'settled' && !session.loggedIn;
  const [wasMember, setWasMember] = useState(false);
  if (session.loggedIn && !wasMember) setWasMember(true);
  useEffect(() => {
    if (enabled && visitor && !wasMember) redirectToLogin(returnTo);
  }, [enabled, visitor, wasMember, returnTo]);
  return session;
}
