import {
  createIntegrationBodySchema,
  INTEGRATION_NAME_MAX,
  INTEGRATION_PLATFORMS,
  INTEGRATION_SECRET_MAX,
  type Integration,
  type IntegrationPlatform,
  type UpdateIntegrationBody,
} from '@contract/integrations';
import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useCreateIntegration, useUpdateIntegration } from '../api/integrations';
import { PLATFORM_NAMES } from './integration-words';

export type CampaignOption = { value: string; label: string };

/** The campaign select's value for "no default campaign" (a Select's value is a string). */
const NONE = 'none';
type Values = {
  platform: IntegrationPlatform | null;
  name: string;
  secret: string;
  campaign_id: string;
  active: boolean;
};

const campaignIdOf = (value: string) => (value === NONE ? null : Number(value));

/**
 * Connects a checkout (`editing` null) or changes a connection: its name, its default campaign,
 * whether it receives, and its secret, replaced only when a new one is typed (it is never shown).
 */
export function IntegrationFormModal({
  opened,
  editing,
  campaigns,
  onClose,
  onCreated,
}: {
  opened: boolean;
  editing: Integration | null;
  campaigns: CampaignOption[];
  onClose: () => void;
  onCreated: (integration: Integration) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { platform: null, name: '', secret: '', campaign_id: NONE, active: true },
    validate: {
      platform: (value) => (value ? null : t('integrations.form.platformRequired')),
      name: (value) => (value.trim() ? null : t('validation.required')),
      secret: (value) => {
        if (!value.trim()) return editing ? null : t('validation.required');
        return createIntegrationBodySchema.shape.secret.safeParse(value).success
          ? null
          : t('integrations.form.secretSpaces');
      },
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when the modal opens
  useEffect(() => {
    if (!opened) return;
    setAlert(null);
    const values: Values = editing
      ? {
          platform: editing.platform,
          name: editing.name,
          secret: '',
          campaign_id: editing.campaign_id === null ? NONE : String(editing.campaign_id),
          active: editing.active,
        }
      : { platform: null, name: '', secret: '', campaign_id: NONE, active: true };
    form.setValues(values);
    form.resetDirty();
    form.clearErrors();
  }, [opened, editing]);

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      if (editing) {
        const body: UpdateIntegrationBody = {};
        if (values.name.trim() !== editing.name) body.name = values.name.trim();
        if (values.secret.trim()) body.secret = values.secret.trim();
        if (campaignIdOf(values.campaign_id) !== editing.campaign_id)
          body.campaign_id = campaignIdOf(values.campaign_id);
        if (values.active !== editing.active) body.active = values.active;
        if (Object.keys(body).length > 0) await update.mutateAsync({ id: editing.id, body });
      } else {
        const created = await create.mutateAsync({
          platform: values.platform as IntegrationPlatform,
          name: values.name.trim(),
          secret: values.secret.trim(),
          campaign_id: campaignIdOf(values.campaign_id),
        });
        onCreated(created);
      }
      onClose();
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  const platform = form.getValues().platform;
  const secretLabel = platform ? t(`integrations.secretNames.${platform}`) : t('integrations.form.secret');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('integrations.form.editTitle') : t('integrations.form.createTitle')}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <Select
            label={t('integrations.platform')}
            placeholder={t('integrations.form.platformPlaceholder')}
            required
            disabled={editing !== null}
            allowDeselect={false}
            data={INTEGRATION_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_NAMES[p] }))}
            {...form.getInputProps('platform')}
            onChange={(value) => {
              form.setFieldValue('platform', value as IntegrationPlatform | null);
              if (!form.getValues().name.trim() && value) {
                form.setFieldValue('name', PLATFORM_NAMES[value as IntegrationPlatform]);
              }
            }}
          />
          <TextInput
            label={t('integrations.form.name')}
            description={t('integrations.form.nameHelp')}
            required
            maxLength={INTEGRATION_NAME_MAX}
            {...form.getInputProps('name')}
          />
          <PasswordInput
            label={secretLabel}
            description={
              editing
                ? t('integrations.form.secretKeep')
                : platform
                  ? t(`integrations.secretWhere.${platform}`)
                  : t('integrations.form.secretHelp')
            }
            required={!editing}
            maxLength={INTEGRATION_SECRET_MAX}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-label': t('integrations.form.showSecret') }}
            {...form.getInputProps('secret')}
          />
          <Select
            label={t('integrations.defaultCampaign')}
            description={t('integrations.form.campaignHelp')}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('integrations.form.noCampaign')}
            data={[{ value: NONE, label: t('integrations.noDefaultCampaign') }, ...campaigns]}
            {...form.getInputProps('campaign_id')}
          />
          {editing && (
            <Switch
              label={t('integrations.form.active')}
              description={t('integrations.form.activeHelp')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('integrations.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? t('integrations.form.save') : t('integrations.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
