import type { Account } from '@contract/account';
import { normalisePixKey, PIX_KEY_TYPES, type PixKeyType } from '@contract/pix';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useUpdateAccount } from '../api/account';

/** The affiliate's programme identity and the PIX key redemptions are paid to. */
export function PayoutCard({ affiliate }: { affiliate: NonNullable<Account['affiliate']> }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { type: (affiliate.pix_key?.type ?? 'cpf') as PixKeyType, key: affiliate.pix_key?.key ?? '' },
    validate: { key: (value, values) => (normalisePixKey(values.type, value) ? null : t('accountPage.pixInvalid')) },
  });

  const submit = form.onSubmit(async (values) => {
    setSaved(false);
    try {
      const result = await update.mutateAsync({ pix_key: values });
      form.setFieldValue('key', result.account.affiliate?.pix_key?.key ?? values.key);
      setSaved(true);
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) form.setFieldError('key', message);
    }
  });

  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('accountPage.payout')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('accountPage.payoutDescription')}
      </Text>
      <Group gap="lg" mb="lg">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('accountPage.code')}
          </Text>
          <Badge variant="light" size="lg" radius="sm" data-testid="affiliate-code">
            {affiliate.code}
          </Badge>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('accountPage.level')}
          </Text>
          <Text fw={600}>{affiliate.level_name ?? t('accountPage.none')}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('accountPage.network')}
          </Text>
          <Text fw={600}>{affiliate.network_name ?? t('accountPage.none')}</Text>
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={saved ? t('accountPage.pixSaved') : null} tone="success" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('accountPage.pixType')}
              allowDeselect={false}
              data={PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`accountPage.pixTypes.${type}`) }))}
              {...form.getInputProps('type')}
            />
            <TextInput
              label={t('accountPage.pixKey')}
              placeholder={t(`accountPage.pixPlaceholders.${form.getValues().type}`)}
              required
              {...form.getInputProps('key')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('accountPage.savePix')}
            </Button>
            {affiliate.pix_key && (
              <Button
                variant="subtle"
                color="red"
                onClick={async () => {
                  await update.mutateAsync({ pix_key: null });
                  form.setValues({ type: 'cpf', key: '' });
                  setSaved(false);
                }}
              >
                {t('accountPage.removePix')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
