import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Below the header (AppShell sets its height on :root, top menu included; 0 on public pages), so a
 * toast never lies over the bell or the profile menu.
 */
const TOASTS_TOP = 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-xs))';

/**
 * Where toasts show. Its own chunk, loaded once the page has painted (docs/decisions/019); a toast
 * shown before that (the stream is listened to from the start) waits in Mantine's store and
 * appears when this mounts.
 */
export default function Toasts() {
  // `top` reaches every position's container, so the empty bottom ones stretch down the page: they
  // must let clicks through (only a toast itself takes them).
  return (
    <Notifications
      position="top-right"
      zIndex={1000}
      styles={{ root: { top: TOASTS_TOP, pointerEvents: 'none' }, notification: { pointerEvents: 'auto' } }}
    />
  );
}
