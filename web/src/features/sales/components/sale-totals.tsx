import type { SaleTotals as Totals } from '@contract/sales';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { FigureText } from '../../../components/figure-text';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatNumber } from '../../../lib/format';

/** The filtered list's totals: what the rows below add up to, not only the page shown. */
export function SaleTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  const cards = [
    { key: 'count', value: totals ? formatNumber(totals.count, i18n.language) : null },
    { key: 'amount', value: totals ? formatMoney(totals.amount_cents, i18n.language) : null },
    { key: 'approved', value: totals ? formatMoney(totals.approved_commission_cents, i18n.language) : null },
    { key: 'pending', value: totals ? formatMoney(totals.pending_commission_cents, i18n.language) : null },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md" style={{ containerType: 'inline-size' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`sales.totals.${card.key}`)}
          </Text>
          {card.value === null ? (
            <Skeleton height={28} mt={6} width="70%" />
          ) : (
            <FigureText value={card.value} testId={`sales-total-${card.key}`} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
