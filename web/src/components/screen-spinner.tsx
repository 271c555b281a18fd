import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n';

/** Shown while a screen's code loads (SPEC.md §2: every screen loads on demand with a spinner). */
export function ScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite" data-testid="screen-spinner">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
