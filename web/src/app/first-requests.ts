import { ADMIN_ROLE } from '@contract/session';
import { dashboardPath } from '../features/metrics/api/dashboard-path';
import { DEFAULT_PERIOD } from '../features/metrics/period';
import { HOME_PATH } from './paths';

/**
 * The API requests a signed-in page makes as it first renders, in the order it needs them: the
 * boot script starts them before the app's code has arrived (docs/decisions/019). Every signed-in
 * page refreshes the user state (`/me`, the layout); the home also asks for its dashboard, an admin's
 * home for the networks of its filter, and an affiliate's home for the level card. Paths exactly as the screens ask for them, so `api` can take
 * the early answer instead of asking again.
 */
export function firstRequests(pathname: string, role: string): string[] {
  if (pathname !== HOME_PATH) return ['/me'];
  if (role === ADMIN_ROLE) return [dashboardPath('overview', DEFAULT_PERIOD), '/me', '/networks'];
  return [dashboardPath('me', DEFAULT_PERIOD), '/me', '/me/level'];
}
