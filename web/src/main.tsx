import './theme/public-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { switchLanguage } from './i18n';
import { ensureUserState } from './lib/session';
import { applyToDocument, settingsStore } from './theme/settings';

ensureUserState();
// Before the first paint, so a reload never flashes the default look or language.
applyToDocument(settingsStore.get());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first paint waits for the person's language (English is built in; others are one small file).
// As a transition, so React renders it in slices between which the browser stays responsive, rather
// than in one long task (bench/lighthouse: total blocking time).
void switchLanguage(settingsStore.get().language).finally(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  ),
);
