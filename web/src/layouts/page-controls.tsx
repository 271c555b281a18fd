import { ActionIcon, NativeSelect } from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { settingsStore, usePresentationSettings } from '../theme/settings';

// Controls both layouts use. Kept apart from the header's menus so the sign-in screens load
// without the floating-ui library those need.

// A native title instead of a Tooltip: the sign-in screens load without the floating-ui library.
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { mode } = usePresentationSettings();
  const label = mode === 'light' ? t('header.darkMode') : t('header.lightMode');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => settingsStore.update({ mode: mode === 'light' ? 'dark' : 'light' })}
    >
      {mode === 'light' ? <IconMoon size={20} /> : <IconSun size={20} />}
    </ActionIcon>
  );
}

/** The language picker of the sign-in screens: a native select, light and accessible. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language } = usePresentationSettings();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      size="xs"
      value={language}
      onChange={(event) => settingsStore.update({ language: event.currentTarget.value as Language })}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      leftSection={<IconLanguage size={14} />}
    />
  );
}
