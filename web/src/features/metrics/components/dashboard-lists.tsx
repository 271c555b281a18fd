import type { Dashboard } from '@contract/metrics';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { useTranslation } from '../../../i18n';
import { formatDateTime, formatMoney } from '../../../lib/format';

// A chargeback (the card issuer's) apart from a refund (the merchant's): another colour.
const STATUS_COLOR = {
  pending: 'yellow',
  approved: 'green',
  cancelled: 'gray',
  refunded: 'red',
  chargeback: 'grape',
} as const;

/** Best campaigns of the period by approved commission. */
export function TopCampaigns({ items }: { items: Dashboard['top_campaigns'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg" h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t('metrics.topCampaigns')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('metrics.nothingYet')}
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sales.campaign')}</Table.Th>
              <Table.Th ta="right">{t('metrics.kpis.clicks')}</Table.Th>
              <Table.Th ta="right">{t('metrics.kpis.sales')}</Table.Th>
              <Table.Th ta="right">{t('metrics.kpis.commission')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.campaign_id}>
                <Table.Td>
                  <Anchor component={Link} to={pathTo('campaignDetails', { id: c.campaign_id })} size="sm">
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{c.clicks}</Table.Td>
                <Table.Td ta="right">{c.approved_sales}</Table.Td>
                <Table.Td ta="right">{formatMoney(c.approved_commission_cents, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** The newest sales, whatever their period, each opening its details. */
export function LatestSales({ items, showAffiliate }: { items: Dashboard['latest_sales']; showAffiliate: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg" h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t('metrics.latestSales')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sales.emptyOwn')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={pathTo('saleDetails', { id: s.id })} size="sm" fw={600} truncate>
                  {s.campaign_name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {showAffiliate ? `${s.affiliate_name} · ` : ''}
                  {formatDateTime(s.created_at, i18n.language)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={600}>
                  {formatMoney(s.commission_cents, i18n.language)}
                </Text>
                <Badge size="xs" variant="light" color={STATUS_COLOR[s.status]}>
                  {t(`sales.statuses.${s.status}`)}
                </Badge>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
