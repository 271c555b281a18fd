import type { NetworkDetails } from '@contract/networks';
import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { useNetwork } from '../api/networks';

/** Loads the network of the route's :id, with a skeleton meanwhile and a clear word when it is gone. */
export function NetworkLoader({ children }: { children: (network: NetworkDetails) => ReactNode }) {
  const { t } = useTranslation();
  const network = useNetwork(Number(useParams().id));
  if (network.isPending) return <Skeleton h={280} />;
  if (network.data) return children(network.data);
  const isMissing = network.error instanceof ApiError && [400, 404].includes(network.error.status);
  return <FormAlert message={isMissing ? t('networks.notFound') : errorMessage(network.error, t)} />;
}
