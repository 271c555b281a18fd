import type { DashboardTotals } from '@contract/metrics';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { FigureText } from '../../../components/figure-text';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatNumber, formatRate } from '../../../lib/format';

/**
 * The period's figures; commissions and sales are approved ones unless the card says pending. The
 * cards and their labels are there before the figures, each figure a placeholder of its own height
 * until it arrives, so nothing moves when it does.
 */
export function KpiCards({ totals, available }: { totals: DashboardTotals | undefined; available?: number | null }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const number = (n: number) => formatNumber(n, i18n.language);
  const values: Record<string, string> | undefined = totals && {
    clicks: number(totals.clicks),
    sales: number(totals.approved_sales),
    conversion: totals.conversion_bps === null ? '—' : formatRate(totals.conversion_bps, i18n.language),
    epc: totals.epc_cents === null ? '—' : money(totals.epc_cents),
    commission: money(totals.approved_commission_cents),
    pending: money(totals.pending_commission_cents),
    ...(available !== undefined && available !== null ? { available: money(available) } : {}),
    ...(available === undefined ? { revenue: money(totals.approved_amount_cents) } : {}),
  };
  const keys = [
    'clicks',
    'sales',
    'conversion',
    'epc',
    'commission',
    'pending',
    available === undefined ? 'revenue' : 'available',
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {keys.map((key) => {
        const value = values?.[key];
        if (values && value === undefined) return null;
        return (
          <Card key={key} withBorder padding="md" style={{ containerType: 'inline-size' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`metrics.kpis.${key}`)}
            </Text>
            {value === undefined ? (
              // The figure's line: 22 px at Mantine's line height of 1.55.
              <Skeleton height={34.1} mt={4} width="70%" />
            ) : (
              <FigureText value={String(value)} testId={`kpi-${key}`} />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
