import type { IntegrationDelivery } from '@contract/integrations';
import { Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { OUTCOME_COLOR } from './integration-words';

/** An outcome as a coloured badge, its reason in words under it, the platform's detail on hover. */
export function DeliveryOutcome({
  delivery,
}: {
  delivery: Pick<IntegrationDelivery, 'outcome' | 'reason' | 'detail'>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Tooltip label={delivery.detail ?? ''} disabled={!delivery.detail} multiline maw={360} withinPortal>
        <StatusBadge color={OUTCOME_COLOR[delivery.outcome]} data-testid="delivery-outcome">
          {t(`integrations.outcomes.${delivery.outcome}`)}
        </StatusBadge>
      </Tooltip>
      {delivery.reason && (
        <Text size="xs" c="dimmed">
          {t(`integrations.reasons.${delivery.reason}`)}
        </Text>
      )}
    </Stack>
  );
}

/** "Sale 123", opening the sale, when the delivery recorded or changed one. */
export function DeliverySaleLink({ saleId }: { saleId: number | null }) {
  const { t } = useTranslation();
  if (saleId === null) return <Text size="sm">—</Text>;
  return (
    <Anchor component={Link} to={pathTo('saleDetails', { id: saleId })} size="sm" fw={600}>
      {t('integrations.saleNumber', { id: saleId })}
    </Anchor>
  );
}

/** What came of a replay or a test event: its outcome, why, the platform's words, and its sale. */
export function DeliveryResult({ delivery }: { delivery: IntegrationDelivery }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" data-testid="delivery-result">
      <Text size="sm" fw={600}>
        {delivery.sale_id !== null && (delivery.outcome === 'recorded' || delivery.outcome === 'updated')
          ? t('integrations.result.sale')
          : t('integrations.result.other')}
      </Text>
      <DeliveryOutcome delivery={delivery} />
      {delivery.detail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {delivery.detail}
        </Text>
      )}
      {delivery.sale_id !== null && <DeliverySaleLink saleId={delivery.sale_id} />}
    </Stack>
  );
}
