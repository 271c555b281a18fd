import type { Campaign } from '@contract/campaigns';
import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { useCampaign } from '../api/campaigns';

/** Loads the campaign of the route's :id, with a skeleton meanwhile and a clear word when it is gone. */
export function CampaignLoader({ children }: { children: (campaign: Campaign) => ReactNode }) {
  const { t } = useTranslation();
  const campaign = useCampaign(Number(useParams().id));
  if (campaign.isPending) return <Skeleton h={360} />;
  if (campaign.data) return children(campaign.data);
  const isMissing = campaign.error instanceof ApiError && [400, 404].includes(campaign.error.status);
  return <FormAlert message={isMissing ? t('campaigns.notFound') : errorMessage(campaign.error, t)} />;
}
