/** The local-storage key of the presentation settings (its own module: the boot script reads it too). */
export const SETTINGS_KEY = 'settings';
