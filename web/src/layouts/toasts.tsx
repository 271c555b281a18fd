import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts at the top lie below the header (AppShell sets its height on :root, top menu included; 0 on
 * public pages), so they never cover the bell or the profile menu. Only the top containers move:
 * Mantine renders one per position, and a `top` on the bottom ones would stretch them over the page.
 */
const TOASTS_BELOW_HEADER = `.afiliados-toasts[data-position^='top'] {
  top: calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-xs));
}`;

/**
 * Where toasts show. Its own chunk, loaded once the page has painted (docs/decisions/019); a toast
 * shown before that (the stream is listened to from the start) waits in Mantine's store and
 * appears when this mounts.
 */
export default function Toasts() {
  return (
    <>
      <style>{TOASTS_BELOW_HEADER}</style>
      {/* Above the page and header, below dialogs (Mantine's modals sit at 200): a toast never covers a
          dialog's buttons. */}
      <Notifications position="top-right" zIndex={190} classNames={{ root: 'afiliados-toasts' }} />
    </>
  );
}
