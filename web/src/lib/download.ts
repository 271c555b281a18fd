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

/** Fetches a file the API makes (a CSV export, the LGPD export) with the session, named as the server says. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const session = sessionScope();
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: session.signal,
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await response.blob();
  // A file of the person who signed out is not saved on the next person's screen.
  if (!session.isCurrent()) throw sessionEnded();
  saveBlob(blob, name);
}
