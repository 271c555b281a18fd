import { API_BASE, ApiError, sessionEnded } from './api-client';
import { getToken, sessionScope } from './session';

/** Hands a file made in the browser or fetched from the API to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Fetches a file the API serves only to a signed-in person (an <img> or a link cannot send the
 * token): `path` as the API names it (`/me/export`), or the whole address it gave (`/api/v1/…`).
 * The name is the one the server says, when it says one.
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; name: string | null }> {
  const session = sessionScope();
  const token = getToken();
  const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: session.signal,
  }).catch((error: Error) => {
    throw session.isCurrent() ? new ApiError(0, { code: 'NETWORK', detail: error.message }) : sessionEnded();
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  const blob = await response.blob();
  // A file of the person who signed out is not shown or saved on the next person's screen.
  if (!session.isCurrent()) throw sessionEnded();
  return { blob, name };
}

/** Fetches a file the API makes (a CSV export, the LGPD export) with the session, named as the server says. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchFile(path);
  saveBlob(blob, name ?? fallbackName);
}
