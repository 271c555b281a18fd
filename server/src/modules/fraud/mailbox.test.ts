import { describe, expect, test } from 'vitest';
import { mailboxOf } from './mailbox';

// Issue 25, point 3: self-referral compares the mailboxes, not the spellings.

describe('mailboxOf', () => {
  test.each([
    ['ana.souza@example.com.br', 'ana.souza@example.com.br'],
    ['Ana.Souza@Example.com.BR', 'ana.souza@example.com.br'],
    ['  ana.souza@example.com.br ', 'ana.souza@example.com.br'],
    ['ana.souza+x@example.com.br', 'ana.souza@example.com.br'],
    ['ana.souza+promo+2@example.com.br', 'ana.souza@example.com.br'],
    ['ANA.SOUZA+X@EXAMPLE.COM.BR', 'ana.souza@example.com.br'],
    // Outside Gmail a dot may be another person's address: kept.
    ['anasouza@example.com.br', 'anasouza@example.com.br'],
    ['ana.souza@gmail.com', 'anasouza@gmail.com'],
    ['a.n.a.souza@gmail.com', 'anasouza@gmail.com'],
    ['Ana.Souza+x@Gmail.com', 'anasouza@gmail.com'],
    ['ana.souza@googlemail.com', 'anasouza@gmail.com'],
    ['Ana.Souza+loja@GoogleMail.COM', 'anasouza@gmail.com'],
    // A local part that is all tag keeps it (nothing else names the mailbox).
    ['+x@example.com', '+x@example.com'],
    ['not an address', 'not an address'],
  ])('%s is the mailbox %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  test.each([
    ['ana.souza@example.com', 'ana.souza2@example.com'],
    ['ana.souza@example.com', 'ana.souza@example.org'],
    ['ana.souza@gmail.com', 'ana.souza@gmail.com.br'],
    ['ana.souza@example.com', 'anasouza@example.com'],
  ])('%s and %s are different mailboxes', (a, b) => {
    expect(mailboxOf(a)).not.toBe(mailboxOf(b));
  });
});
