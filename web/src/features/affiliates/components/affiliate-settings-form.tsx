import { normalisePixKey, PIX_KEY_TYPES, type PixKeyType } from '@contract/pix';
import type { AffiliateDetails } from '@contract/users';
import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useUpdateAffiliate } from '../api/affiliate-settings';

type Option = { value: string; label: string };

/** An admin's view of one affiliate: level, network, status, code and PIX key. */
export function AffiliateSettingsForm({
  affiliate,
  levels,
  networks,
}: {
  affiliate: AffiliateDetails;
  levels: Option[];
  networks: Option[];
}) {
  const { t } = useTranslation();
  const update = useUpdateAffiliate(affiliate.id);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: {
      level_id: affiliate.level_id ? String(affiliate.level_id) : null,
      network_id: affiliate.network_id ? String(affiliate.network_id) : null,
      status: affiliate.status,
      code: affiliate.code,
      pix_type: (affiliate.pix_key?.type ?? 'cpf') as PixKeyType,
      pix_key: affiliate.pix_key?.key ?? '',
    },
    validate: {
      code: (v) => (/^[A-Z0-9]{4,20}$/.test(v.trim()) ? null : t('users.codeRule')),
      pix_key: (v, values) =>
        v.trim() === '' || normalisePixKey(values.pix_type, v) ? null : t('accountPage.pixInvalid'),
    },
  });
  const canChangeStatus = affiliate.status === 'approved' || affiliate.status === 'suspended';

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    try {
      await update.mutateAsync({
        level_id: values.level_id ? Number(values.level_id) : null,
        network_id: values.network_id ? Number(values.network_id) : null,
        ...(canChangeStatus ? { status: values.status as 'approved' | 'suspended' } : {}),
        code: values.code.trim(),
        pix_key: values.pix_key.trim() ? { type: values.pix_type, key: values.pix_key } : null,
      });
      setSaved(true);
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <FormAlert message={saved ? t('users.affiliateSaved') : null} tone="success" />
          <Text fw={600}>
            {affiliate.first_name} {affiliate.last_name} · {affiliate.email}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('affiliates.level')}
              placeholder={t('accountPage.none')}
              clearable
              data={levels}
              {...form.getInputProps('level_id')}
            />
            <Select
              label={t('affiliates.network')}
              placeholder={t('accountPage.none')}
              clearable
              data={networks}
              {...form.getInputProps('network_id')}
            />
            <TextInput label={t('affiliates.code')} required {...form.getInputProps('code')} />
            {canChangeStatus ? (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('users.status')}
                </Text>
                <SegmentedControl
                  aria-label={t('users.status')}
                  value={form.getValues().status}
                  onChange={(value) => form.setFieldValue('status', value as 'approved' | 'suspended')}
                  data={[
                    { value: 'approved', label: t('networks.statuses.approved') },
                    { value: 'suspended', label: t('networks.statuses.suspended') },
                  ]}
                />
              </Stack>
            ) : (
              <TextInput
                label={t('users.status')}
                value={t(`networks.statuses.${affiliate.status}`)}
                readOnly
                variant="filled"
              />
            )}
            <Select
              label={t('accountPage.pixType')}
              allowDeselect={false}
              data={PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`accountPage.pixTypes.${type}`) }))}
              {...form.getInputProps('pix_type')}
            />
            <TextInput label={t('accountPage.pixKey')} {...form.getInputProps('pix_key')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('users.saveAffiliate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
