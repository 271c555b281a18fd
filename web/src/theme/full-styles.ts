let loading: Promise<unknown> | null = null;

/**
 * Mantine's full sheet, fetched once: after the home's first paint, or at once for any other
 * signed-in page (signed-in-styles.ts holds what the home shows first). Resolves once it applies,
 * so a screen that waits for it never shows a component without its styles.
 */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('@mantine/core/styles.css').catch((error: unknown) => {
    // A failed fetch is tried again by the next screen that asks.
    loading = null;
    throw error;
  });
  return loading;
}

/** A module that shows Mantine components beyond the home's first screen: it resolves once the full sheet applies. */
export const withFullStyles = <T>(module: Promise<T>): Promise<T> =>
  Promise.all([module, loadFullStyles()]).then(([loaded]) => loaded);
