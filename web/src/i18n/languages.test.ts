import { describe, expect, test } from 'vitest';
import { browserLanguage } from './languages';

describe('a first visit’s language', () => {
  test.each([
    [['pt-BR', 'en-US'], 'pt'],
    [['de-DE', 'fr-CA'], 'fr'],
    [['ar-EG'], 'ar'],
    [['zh-TW'], 'ch'],
    [['EN-gb', 'pt-BR'], 'en'],
  ])('the first of %j the portal speaks: %s', (preferred, language) => {
    expect(browserLanguage(preferred)).toBe(language);
  });

  test('English, the default, when the browser asks for none of the five', () => {
    expect(browserLanguage(['de-DE', 'ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
