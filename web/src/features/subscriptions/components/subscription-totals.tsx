import type { SubscriptionPage } from '@contract/subscriptions';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCoin, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatNumber } from '../../../lib/format';

/** Over every subscription the filters match, not only the page shown: how many are active, what renewals earned. */
export function SubscriptionTotals({ totals }: { totals: SubscriptionPage['totals'] | undefined }) {
  const { t, i18n } = useTranslation();
  const cards = [
    {
      key: 'active',
      icon: <IconRepeat size={20} />,
      value: totals ? formatNumber(totals.active, i18n.language) : null,
    },
    {
      key: 'recurring',
      icon: <IconCoin size={20} />,
      value: totals ? formatMoney(totals.recurring_commission_cents, i18n.language) : null,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              {card.icon}
            </ThemeIcon>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`subscriptions.totals.${card.key}`)}
              </Text>
              {card.value === null ? (
                <Skeleton height={28} mt={6} width="60%" />
              ) : (
                <Text fz={24} fw={700} mt={2} data-testid={`subscriptions-total-${card.key}`}>
                  {card.value}
                </Text>
              )}
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
