import { ADMIN_ROLE } from '@contract/session';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentClaims, getToken, removeToken } from '../lib/session';
import { paths } from './paths';

/**
 * SPEC.md §4 and §6: with no token, or a token whose `exp` (seconds) has passed, a protected route
 * goes to /auth/login, and an expired token is removed. It runs on every path change because the
 * location is part of its render. The person returns to the page first asked for after sign-in.
 */
export function SessionGuard() {
  const location = useLocation();
  if (!currentClaims()) {
    if (getToken()) removeToken();
    return <Navigate to={paths.authLogin} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** SPEC.md §6: the /admin branch needs an unexpired token whose role is exactly Administrador. */
export function AdminGuard() {
  const location = useLocation();
  const claims = currentClaims();
  if (claims?.role !== ADMIN_ROLE) {
    if (!claims && getToken()) removeToken();
    return <Navigate to={paths.authLogin} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
