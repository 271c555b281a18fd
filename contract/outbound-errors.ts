/**
 * Why a postback or webhook delivery failed, as the sender records it (`error` of a delivery) and as
 * the screens read it back to say it in the person's language. The recorded text stays plain
 * English for logs and the API; each kind has one writer here and one reader, so the two cannot
 * drift apart.
 */
/** Why an address is refused before anything is sent to it (also the field's error when it is saved). */
export const DESTINATION_RULES = {
  scheme: 'must start with https://',
  credentials: 'must not carry a user name or password',
  private: (address: string) =>
    `must not point to a private, loopback, link-local or other special-purpose address (${address})`,
} as const;

export const OUTBOUND_ERRORS = {
  unresolved: {
    write: (p: { host: string }) => `${p.host} does not resolve`,
    read: /^(?<host>\S+) does not resolve$/,
  },
  answered: {
    write: (p: { status: number }) => `answered ${p.status}`,
    read: /^answered (?<status>\d{3})$/,
  },
  redirected: { write: () => 'redirects are not followed', read: /^redirects are not followed$/ },
  /** `reason`: one of DESTINATION_RULES. */
  refused: {
    write: (p: { reason: string }) => `refused: the address ${p.reason}`,
    read: /^refused: the address (?<reason>.+)$/,
  },
  timeout: {
    write: (p: { ms: number }) => `no answer within ${p.ms} ms`,
    read: /^no answer within (?<ms>\d+) ms$/,
  },
  unreachable: {
    write: (p: { code: string }) => `could not connect (${p.code})`,
    read: /^could not connect \((?<code>[A-Z0-9_]+)\)$/,
  },
} as const;

/** What the screens say: each recorded kind, a refusal by its rule. */
export type OutboundErrorKind =
  | Exclude<keyof typeof OUTBOUND_ERRORS, 'refused'>
  | 'refusedScheme'
  | 'refusedCredentials'
  | 'refusedPrivate';

/** The kind of a recorded error and its values, or null for a text no writer here made. */
export function readOutboundError(text: string): { kind: OutboundErrorKind; values: Record<string, string> } | null {
  for (const [kind, { read }] of Object.entries(OUTBOUND_ERRORS) as [
    keyof typeof OUTBOUND_ERRORS,
    { read: RegExp },
  ][]) {
    const match = read.exec(text);
    if (!match) continue;
    const values: Record<string, string> = { ...match.groups };
    if (kind !== 'refused') return { kind, values };
    // A refusal says which rule: each has its own words on screen.
    const reason = values.reason ?? '';
    if (reason === DESTINATION_RULES.scheme) return { kind: 'refusedScheme', values: {} };
    if (reason === DESTINATION_RULES.credentials) return { kind: 'refusedCredentials', values: {} };
    const inside = /\((?<address>[^)]+)\)$/.exec(reason)?.groups?.address;
    if (inside && reason === DESTINATION_RULES.private(inside))
      return { kind: 'refusedPrivate', values: { address: inside } };
    return null;
  }
  return null;
}
