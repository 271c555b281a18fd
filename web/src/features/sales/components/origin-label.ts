import type { TFunction } from '../../../i18n';

/**
 * A sale's origin as a word: the merchant sends a free tag ("site", "app"), the screens name it
 * ("Site", "App"); a tag with no name of its own reads as typed, capitalised.
 */
export function originLabel(origin: string, t: TFunction): string {
  const tag = origin.trim();
  if (!tag) return '';
  return t(`sales.origins.${tag.toLowerCase()}`, { defaultValue: tag.charAt(0).toUpperCase() + tag.slice(1) });
}
