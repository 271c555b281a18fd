import type { Balance } from '@contract/ledger';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { formatMoney } from '../../../lib/format';

/** Available, pending, requested and paid: where the affiliate's money stands. */
export function BalanceCards({ balance }: { balance: Balance | undefined }) {
  const { t, i18n } = useTranslation();
  const cards = [
    {
      key: 'available',
      cents: balance?.available_cents,
      color: balance && balance.available_cents < 0 ? 'red.8' : undefined,
    },
    { key: 'pending', cents: balance?.pending_cents },
    { key: 'reserved', cents: balance?.reserved_cents },
    { key: 'paid', cents: balance?.paid_cents },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`ledger.${card.key}`)}
          </Text>
          {card.cents === undefined ? (
            <Skeleton height={28} mt={6} width="70%" />
          ) : (
            <Text fz={24} fw={700} mt={4} c={card.color} data-testid={`balance-${card.key}`}>
              {formatMoney(card.cents, i18n.language)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t(`ledger.${card.key}Help`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
