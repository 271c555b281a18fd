import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from './app/paths';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { i18n } from './i18n';
import { setApiHandlers } from './lib/api-client';
import { ensureUserState, removeToken } from './lib/session';
import { applyToDocument, settingsStore } from './theme/settings';

ensureUserState();
// Before the first paint, so a reload never flashes the default look or language.
applyToDocument(settingsStore.get());
void i18n.changeLanguage(settingsStore.get().language);
setApiHandlers({
  // The server ended the session (password changed elsewhere, account suspended): sign in again.
  onUnauthorized: () => {
    removeToken();
    void router.navigate(paths.authLogin, { replace: true, state: { from: window.location.pathname } });
  },
  onMaintenance: () => void router.navigate(paths.authMaintenance),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
