import { ADMIN_ROLE } from '@contract/session';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentClaims, dropExpiredToken } from '../lib/session';
import { paths } from './paths';

/**
 * SPEC.md §4 and §6: with no token, or a token whose `exp` (seconds) has passed, a protected route
 * goes to /auth/login. It runs on every path change because the location is part of its render; the
 * expired token itself is removed by `useExpiredTokenSweep`, on public pages too. The person returns
 * to the page first asked for after sign-in.
 */
export function SessionGuard() {
  const location = useLocation();
  if (!currentClaims()) {
    return <Navigate to={paths.authLogin} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** SPEC.md §6: the /admin branch needs an unexpired token whose role is exactly Administrador. */
export function AdminGuard() {
  const location = useLocation();
  const claims = currentClaims();
  if (claims?.role !== ADMIN_ROLE) {
    return <Navigate to={paths.authLogin} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/**
 * SPEC.md §4: on every path change, public pages included, an expired token is removed. Only the
 * protected routes send the person on to sign-in (the guards above); a public page stays where it is.
 * An effect, not the guards' render: ending a session tells the query cache and the notification
 * list, which must not change while React renders.
 */
export function useExpiredTokenSweep() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => {
    dropExpiredToken();
  }, [location]);
}
