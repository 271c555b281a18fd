import { notifications } from '@mantine/notifications';
import { useUpdateAccount } from '../features/account/api/account';
import { t } from '../i18n';
import type { Language } from '../i18n/languages';
import { applyLanguage } from '../theme/settings';

/**
 * The signed-in language menus: the choice is the account's (PATCH /me), so the next sign-in, on
 * any browser, and the toasts and emails the server writes follow it. The screen changes at once;
 * if the account cannot be told, a toast says so and this browser still keeps it.
 */
export function useChooseLanguage() {
  const update = useUpdateAccount();
  return async (language: Language) => {
    await applyLanguage(language);
    update.mutate(
      { language },
      { onError: () => notifications.show({ color: 'red', message: t('settings.languageNotSaved') }) },
    );
  };
}
