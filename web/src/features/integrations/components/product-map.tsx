import { EXTERNAL_PRODUCT_ID_MAX, externalProductIdSchema, type Integration } from '@contract/integrations';
import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPackage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { useIntegrationProducts, useReplaceIntegrationProducts } from '../api/integrations';
import type { CampaignOption } from './integration-form-modal';

type Row = { key: string; external_product_id: string; campaign_id: string | null };

/** The server's words for a row's field, in the reader's language. */
const SERVER_MESSAGES: Record<string, string> = {
  'is mapped twice': 'integrations.products.duplicate',
  'is not a campaign': 'integrations.products.notACampaign',
  'is required': 'validation.required',
};

/**
 * Which campaign each of the platform's products sells for: rows of (product id, campaign), saved
 * together. A product that is not here goes to the connection's default campaign, or waits.
 */
export function ProductMap({
  integration,
  campaigns,
  campaignName,
}: {
  integration: Integration;
  campaigns: CampaignOption[];
  campaignName: (id: number) => string;
}) {
  const { t } = useTranslation();
  const products = useIntegrationProducts(integration.id);
  const save = useReplaceIntegrationProducts(integration.id);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm<{ items: Row[] }>({
    initialValues: { items: [] },
    validate: {
      items: {
        external_product_id: (value, values, path) => {
          if (!value.trim()) return t('validation.required');
          if (!externalProductIdSchema.safeParse(value).success) return t('integrations.products.oneLine');
          const index = Number(path.split('.')[1]);
          const first = values.items.findIndex((row) => row.external_product_id.trim() === value.trim());
          return first < index ? t('integrations.products.duplicate') : null;
        },
        campaign_id: (value) => (value ? null : t('integrations.products.campaignRequired')),
      },
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows are the stored map, each time it is read
  useEffect(() => {
    if (!products.data) return;
    form.setValues({
      items: products.data.items.map((item) => ({
        key: randomId(),
        external_product_id: item.external_product_id,
        campaign_id: String(item.campaign_id),
      })),
    });
    form.resetDirty();
  }, [products.data]);

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      await save.mutateAsync({
        items: values.items.map((row) => ({
          external_product_id: row.external_product_id.trim(),
          campaign_id: Number(row.campaign_id),
        })),
      });
      setFeedback({ tone: 'success', text: t('integrations.products.saved') });
    } catch (error) {
      const onRows = error instanceof ApiError ? error.errors.filter((e) => e.field.startsWith('items.')) : [];
      if (onRows.length > 0) {
        const words = (message: string) => {
          const key = SERVER_MESSAGES[message];
          return key ? t(key) : message;
        };
        form.setErrors(Object.fromEntries(onRows.map((e) => [e.field, words(e.message)])));
      }
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  });

  const rows = form.getValues().items;
  const fallback =
    integration.campaign_id === null
      ? t('integrations.products.unmappedWait')
      : t('integrations.products.unmappedGoTo', { campaign: campaignName(integration.campaign_id) });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="integration-products-title">
      <Title order={2} fz="lg" id="integration-products-title">
        {t('integrations.products.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('integrations.products.description')} {fallback}
      </Text>
      {products.isPending ? (
        <ListSkeleton label={t('common.loading')} rows={2} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={feedback?.text} tone={feedback?.tone} />
            {products.isError && <FormAlert message={errorMessage(products.error, t)} />}
            {rows.length === 0 ? (
              <Group gap="xs" c="dimmed" wrap="nowrap">
                <IconPackage size={20} stroke={1.5} aria-hidden />
                <Text size="sm">{t('integrations.products.empty')}</Text>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {t(`integrations.products.idHelp.${integration.platform}`)}
              </Text>
            )}
            {rows.length > 0 && (
              <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {rows.map((row, index) => (
                  <Group key={row.key} component="li" gap="sm" align="flex-start" wrap="wrap">
                    <TextInput
                      label={t('integrations.products.productId')}
                      required
                      maxLength={EXTERNAL_PRODUCT_ID_MAX}
                      style={{ flex: '1 1 14rem' }}
                      {...form.getInputProps(`items.${index}.external_product_id`)}
                    />
                    <Select
                      label={t('integrations.products.campaign')}
                      required
                      searchable
                      allowDeselect={false}
                      nothingFoundMessage={t('integrations.form.noCampaign')}
                      data={campaigns}
                      style={{ flex: '1 1 14rem' }}
                      {...form.getInputProps(`items.${index}.campaign_id`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={25}
                      aria-label={t('integrations.products.remove', {
                        id: row.external_product_id || String(index + 1),
                      })}
                      onClick={() => form.removeListItem('items', index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            <Group justify="space-between" gap="sm">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  form.insertListItem('items', { key: randomId(), external_product_id: '', campaign_id: null })
                }
              >
                {t('integrations.products.add')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                {t('integrations.products.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
