import type { TrackingLink } from '@contract/tracking';
import { Button, Card, Loader, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useCreateLink } from '../api/links';
import { LinkResult } from './link-result';

const TAG = /^[\w.\-~ ]*$/;

/**
 * Choose a campaign and optional sub-id and UTM tags; get the short tracking link. The form shows
 * while the campaigns load (only their field waits), so nothing below it moves when they arrive.
 */
export function LinkGenerator({
  campaigns,
  campaignsLoading = false,
  initialCampaignId,
}: {
  campaigns: { value: string; label: string }[];
  campaignsLoading?: boolean;
  initialCampaignId?: string;
}) {
  const { t } = useTranslation();
  const create = useCreateLink();
  const [alert, setAlert] = useState<string | null>(null);
  const [link, setLink] = useState<TrackingLink | null>(null);
  const tag = (v: string) => (TAG.test(v) ? null : t('links.tagRule'));
  const form = useForm({
    initialValues: {
      campaign_id: initialCampaignId ?? null,
      sub_id: '',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
    } as {
      campaign_id: string | null;
      sub_id: string;
      utm_source: string;
      utm_medium: string;
      utm_campaign: string;
    },
    validate: {
      campaign_id: (v) => (v ? null : t('links.chooseCampaign')),
      sub_id: tag,
      utm_source: tag,
      utm_medium: tag,
      utm_campaign: tag,
    },
  });

  // The campaign asked for in the address is known once the campaigns have loaded: chosen then, once
  // (the person may unchoose it after), unless they chose one meanwhile.
  const { setFieldValue, getValues } = form;
  const isInitialApplied = useRef(false);
  useEffect(() => {
    if (!initialCampaignId || isInitialApplied.current) return;
    isInitialApplied.current = true;
    if (getValues().campaign_id === null) setFieldValue('campaign_id', initialCampaignId);
  }, [initialCampaignId, getValues, setFieldValue]);

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      setLink(await create.mutateAsync({ ...values, campaign_id: Number(values.campaign_id) }));
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <Select
              label={t('links.campaign')}
              placeholder={campaignsLoading ? t('common.loading') : t('links.chooseCampaign')}
              searchable
              required
              disabled={campaignsLoading}
              rightSection={campaignsLoading ? <Loader size="xs" aria-label={t('common.loading')} /> : undefined}
              data={campaigns}
              nothingFoundMessage={t('links.noActiveCampaign')}
              {...form.getInputProps('campaign_id')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextInput
                label={t('links.subId')}
                description={t('links.subIdHelp')}
                maxLength={100}
                {...form.getInputProps('sub_id')}
              />
              <TextInput
                label="utm_source"
                description={t('links.sourceHelp')}
                maxLength={100}
                {...form.getInputProps('utm_source')}
              />
              <TextInput
                label="utm_medium"
                description={t('links.mediumHelp')}
                maxLength={100}
                {...form.getInputProps('utm_medium')}
              />
              <TextInput
                label="utm_campaign"
                description={t('links.campaignHelp')}
                maxLength={100}
                {...form.getInputProps('utm_campaign')}
              />
            </SimpleGrid>
            <Button
              type="submit"
              leftSection={<IconLink size={16} />}
              loading={create.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('links.generate')}
            </Button>
          </Stack>
        </form>
      </Card>
      {link && <LinkResult link={link} />}
    </Stack>
  );
}
