import type { Dashboard } from '@contract/metrics';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
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

/**
 * Best campaigns of the period by approved commission: a list rather than a table, so that on a
 * phone the name and the commission keep their room and nothing scrolls sideways.
 */
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
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((c) => (
            <Group component="li" key={c.campaign_id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={pathTo('campaignDetails', { id: c.campaign_id })} size="sm" fw={600}>
                  {c.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('metrics.campaignClicks', { count: c.clicks })} ·{' '}
                  {t('metrics.campaignSales', { count: c.approved_sales })}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(c.approved_commission_cents, i18n.language)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('metrics.kpis.commission')}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
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
                <Anchor
                  component={Link}
                  to={pathTo('saleDetails', { id: s.id })}
                  size="sm"
                  fw={600}
                  truncate
                  dir="auto"
                  data-testid="latest-sale-campaign"
                >
                  {s.campaign_name}
                </Anchor>
                {/* Each part isolated: a Latin name beside a date must not be reordered on a right-to-left page. */}
                <Text size="xs" c="dimmed" truncate dir="auto" data-testid="latest-sale-meta">
                  {showAffiliate && (
                    <>
                      <bdi>{s.affiliate_name}</bdi>
                      {' · '}
                    </>
                  )}
                  <bdi>{formatDateTime(s.created_at, i18n.language)}</bdi>
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
