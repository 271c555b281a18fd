/** Gmail's domains: one mailbox answers both, and the dots of its local part mean nothing. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, so that two spellings of one person's address compare equal
 * (self-referral): lower case, no `+tag` in the local part (ana+x@ reaches ana@ at Gmail, Outlook,
 * iCloud, Fastmail and most others), and at Gmail no dots in the local part, googlemail.com read
 * as gmail.com. Elsewhere a dot may tell two people apart, so it is kept.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
