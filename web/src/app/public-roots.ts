/**
 * Where the signed-out pages live (SPEC.md §2, public layout, and /logout, which ends a session):
 * a path equal to one of these, or under it, never needs the signed-in area. The boot script and
 * the build's chunking (vite.config.ts) read it, so neither fetches the signed-in shell there.
 */
export const PUBLIC_ROOTS = ['/auth', '/404', '/logout', '/programa', '/cancelar-inscricao'] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}
