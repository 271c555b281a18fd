import {
  Button,
  ColorSwatch,
  Drawer,
  Group,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { COLOR_THEMES, RADIUS_RANGE, settingsStore, usePresentationSettings } from '../theme/settings';
import { PALETTES } from '../theme/theme';
import { useChooseLanguage } from './use-choose-language';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The customizer: every presentation setting of SPEC.md §1, kept across reloads. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = usePresentationSettings();
  const update = settingsStore.update;
  const chooseLanguage = useChooseLanguage();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('settings.title')} position="right" size={340}>
      <Stack gap="lg">
        <Field label={t('settings.colorTheme')}>
          <Group gap="xs" role="radiogroup" aria-label={t('settings.colorTheme')}>
            {COLOR_THEMES.map((name) => (
              <Tooltip key={name} label={name}>
                <UnstyledButton
                  role="radio"
                  aria-checked={settings.colorTheme === name}
                  aria-label={name}
                  onClick={() => update({ colorTheme: name })}
                >
                  <ColorSwatch color={PALETTES[name][7]} size={32}>
                    {settings.colorTheme === name && <IconCheck size={16} color="white" />}
                  </ColorSwatch>
                </UnstyledButton>
              </Tooltip>
            ))}
          </Group>
        </Field>
        <Field label={t('settings.mode')}>
          <SegmentedControl
            fullWidth
            value={settings.mode}
            onChange={(mode) => update({ mode: mode as 'light' | 'dark' })}
            data={[
              { value: 'light', label: t('settings.light') },
              { value: 'dark', label: t('settings.dark') },
            ]}
          />
        </Field>
        <Field label={t('settings.direction')}>
          <SegmentedControl
            fullWidth
            value={settings.direction}
            onChange={(direction) => update({ direction: direction as 'ltr' | 'rtl' })}
            data={[
              { value: 'ltr', label: t('settings.ltr') },
              { value: 'rtl', label: t('settings.rtl') },
            ]}
          />
        </Field>
        <Field label={t('settings.layout')}>
          <SegmentedControl
            fullWidth
            value={settings.layout}
            onChange={(layout) => update({ layout: layout as 'vertical' | 'horizontal' })}
            data={[
              { value: 'vertical', label: t('settings.vertical') },
              { value: 'horizontal', label: t('settings.horizontal') },
            ]}
          />
        </Field>
        <Field label={t('settings.container')}>
          <SegmentedControl
            fullWidth
            value={settings.boxed ? 'boxed' : 'full'}
            onChange={(value) => update({ boxed: value === 'boxed' })}
            data={[
              { value: 'boxed', label: t('settings.boxed') },
              { value: 'full', label: t('settings.full') },
            ]}
          />
        </Field>
        <Field label={t('settings.sidebar')}>
          <SegmentedControl
            fullWidth
            value={settings.sidebar}
            onChange={(sidebar) => update({ sidebar: sidebar as 'full' | 'mini-sidebar' })}
            data={[
              { value: 'full', label: t('settings.sidebarFull') },
              { value: 'mini-sidebar', label: t('settings.sidebarMini') },
            ]}
          />
        </Field>
        <Switch
          label={t('settings.cardShadow')}
          checked={settings.cardShadow}
          onChange={(event) => update({ cardShadow: event.currentTarget.checked })}
        />
        <Field label={t('settings.borderRadius')}>
          <Slider
            min={RADIUS_RANGE.min}
            max={RADIUS_RANGE.max}
            value={settings.borderRadius}
            onChange={(borderRadius) => update({ borderRadius })}
            label={(value) => `${value}px`}
            aria-label={t('settings.borderRadius')}
          />
        </Field>
        <Select
          label={t('settings.language')}
          value={settings.language}
          allowDeselect={false}
          onChange={(language) => language && void chooseLanguage(language as Language)}
          data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="default" onClick={() => settingsStore.reset()}>
          {t('settings.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
