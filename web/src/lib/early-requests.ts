/**
 * Answers asked for by the boot script (web/src/boot.ts) while the app's code was still on its way,
 * kept on `window` for the app to take: each once, by the same path and the same token, and only
 * in the first seconds of the page (after that the app asks again). docs/decisions/019.
 */
const EARLY_KEY = '__afiliadosEarlyRequests';
const MAX_AGE_MS = 10_000;

type EarlyRequests = { token: string; startedAt: number; answers: Map<string, Promise<Response>> };
type WithEarly = { [EARLY_KEY]?: EarlyRequests };

/** Starts GET requests for these API paths as the app's `api` would send them. */
export function startEarlyRequests(apiBase: string, apiPaths: string[], token: string) {
  const answers = new Map<string, Promise<Response>>();
  for (const path of apiPaths) {
    const answer = fetch(`${apiBase}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    // A failure is the app's to see when it takes the answer; unclaimed, it is nobody's.
    answer.catch(() => {});
    answers.set(path, answer);
  }
  (globalThis as WithEarly)[EARLY_KEY] = { token, startedAt: Date.now(), answers };
}

/** The early answer for this path and token, at most once; undefined when there is none. */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  const early = (globalThis as WithEarly)[EARLY_KEY];
  if (!early || token === null || early.token !== token) return undefined;
  const answer = early.answers.get(path);
  early.answers.delete(path);
  return Date.now() - early.startedAt <= MAX_AGE_MS ? answer : undefined;
}
