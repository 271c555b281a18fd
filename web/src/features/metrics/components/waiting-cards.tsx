import type { Dashboard } from '@contract/metrics';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCash, IconFlag, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n';

/**
 * What waits for an admin, each card leading to where it is done. Without `waiting` (still on its
 * way) the cards stand with a placeholder for each count, so the page does not move when it comes.
 */
export function WaitingCards({ waiting }: { waiting?: NonNullable<Dashboard['waiting']> }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'pendingAffiliates', n: waiting?.pending_affiliates, to: paths.adminApproveAffiliates, icon: IconUserCheck },
    { key: 'flaggedSales', n: waiting?.flagged_sales, to: `${paths.adminSalesOverview}?sinalizadas=1`, icon: IconFlag },
    // Opens exactly what it counts: requests to decide and to pay.
    {
      key: 'openRedemptions',
      n: waiting?.open_redemptions,
      to: `${paths.adminRedemptionHistory}?status=open`,
      icon: IconCash,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {cards.map(({ key, n, to, icon: Icon }) => {
        const card = (
          <Card key={key} withBorder padding="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={38} radius="xl" variant="light" color={n ? 'orange' : 'gray'}>
                <Icon size={20} />
              </ThemeIcon>
              <div>
                {n === undefined ? (
                  // The count's line: 22 px at a line height of 1.1.
                  <Skeleton height={24.2} width={32} />
                ) : (
                  <Text fz={22} fw={700} lh={1.1} data-testid={`waiting-${key}`}>
                    {n}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t(`metrics.waiting.${key}`)}
                </Text>
              </div>
            </Group>
          </Card>
        );
        return n === undefined ? (
          <div key={key}>{card}</div>
        ) : (
          // Named by what it shows, the count then the words (WCAG 2.5.3: a label of its own read differently).
          <UnstyledButton key={key} component={Link} to={to}>
            {card}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
