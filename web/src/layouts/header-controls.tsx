import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage, IconSettings } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { usePresentationSettings } from '../theme/settings';
import { useChooseLanguage } from './use-choose-language';

/** Picks the portal's language, the account's too; Arabic turns the page right to left. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = usePresentationSettings();
  const choose = useChooseLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('header.language')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.language')}>
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code === 'ch' ? 'zh' : code}
            onClick={() => void choose(code)}
            rightSection={code === language ? <IconCheck size={14} /> : null}
            aria-current={code === language ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SettingsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('header.settings')}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.settings')} onClick={onClick}>
        <IconSettings size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
