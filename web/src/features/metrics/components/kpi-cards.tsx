import type { DashboardTotals } from '@contract/metrics';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { formatBps, formatMoney } from '../../../lib/format';

/** The period's figures; commissions and sales are approved ones unless the card says pending. */
export function KpiCards({ totals, available }: { totals: DashboardTotals | undefined; available?: number | null }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const cards = totals
    ? [
        { key: 'clicks', value: number(totals.clicks) },
        { key: 'sales', value: number(totals.approved_sales) },
        {
          key: 'conversion',
          value: totals.conversion_bps === null ? '—' : formatBps(totals.conversion_bps, i18n.language),
        },
        { key: 'epc', value: totals.epc_cents === null ? '—' : money(totals.epc_cents) },
        { key: 'commission', value: money(totals.approved_commission_cents) },
        { key: 'pending', value: money(totals.pending_commission_cents) },
        ...(available !== undefined && available !== null ? [{ key: 'available', value: money(available) }] : []),
        ...(available === undefined ? [{ key: 'revenue', value: money(totals.approved_amount_cents) }] : []),
      ]
    : Array.from({ length: 8 }, (_, i) => ({ key: `loading-${i}`, value: null }));
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md">
          {card.value === null ? (
            <>
              <Skeleton height={12} width="50%" />
              <Skeleton height={26} mt={8} width="70%" />
            </>
          ) : (
            <>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`metrics.kpis.${card.key}`)}
              </Text>
              <Text fz={22} fw={700} mt={4} data-testid={`kpi-${card.key}`}>
                {card.value}
              </Text>
            </>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
