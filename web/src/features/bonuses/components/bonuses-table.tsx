import type { Bonus, BonusStatus } from '@contract/bonuses';
import { ActionIcon, Card, Text, Title, Tooltip } from '@mantine/core';
import { IconGift, IconPencil } from '@tabler/icons-react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { formatMoney } from '../../../lib/format';
import { useBonuses } from '../api/bonuses';
import { dayText } from './bonus-progress';

const STATUS_COLOR: Record<BonusStatus, string> = {
  upcoming: 'blue',
  running: 'green',
  closing: 'yellow',
  closed: 'gray',
};

/** Every performance bonus: its goal, prize, period and how many it was paid to. */
export function BonusesTable({ onEdit }: { onEdit: (bonus: Bonus) => void }) {
  const { t, i18n } = useTranslation();
  const bonuses = useBonuses();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const goal = (b: Bonus) =>
    b.measure === 'approved_sales'
      ? t('bonuses.goalSales', { count: b.threshold })
      : t('bonuses.goalCommission', { amount: money(b.threshold) });
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('bonuses.performance')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('bonuses.performanceHelp')}
      </Text>
      <ResponsiveDataTable<Bonus>
        inCard
        fetching={bonuses.isPending}
        records={bonuses.data ?? []}
        noRecordsIcon={<IconGift size={36} stroke={1.4} />}
        noRecordsText={t('bonuses.none')}
        columns={[
          { accessor: 'name', title: t('bonuses.name'), isPrimary: true },
          { accessor: 'threshold', title: t('bonuses.goal'), render: goal },
          {
            accessor: 'amount_cents',
            title: t('bonuses.amount'),
            textAlign: 'right',
            render: (b) => money(b.amount_cents),
          },
          {
            accessor: 'ends_on',
            title: t('bonuses.period'),
            render: (b) =>
              t('bonuses.periodText', {
                from: dayText(b.starts_on, i18n.language),
                to: dayText(b.ends_on, i18n.language),
              }),
          },
          {
            accessor: 'status',
            title: t('bonuses.status'),
            render: (b) => (
              <StatusBadge color={b.active || b.status === 'closed' ? STATUS_COLOR[b.status] : 'gray'}>
                {b.active || b.status === 'closed' ? t(`bonuses.statuses.${b.status}`) : t('bonuses.paused')}
              </StatusBadge>
            ),
          },
          {
            accessor: 'awards',
            title: t('bonuses.awarded'),
            textAlign: 'right',
            render: (b) =>
              b.status === 'closed'
                ? t('bonuses.awardedText', { count: b.awards, amount: money(b.awarded_cents) })
                : '—',
          },
          {
            accessor: 'actions',
            title: '',
            isActions: true,
            textAlign: 'right',
            render: (b) =>
              b.status === 'closed' ? null : (
                <Tooltip label={t('bonuses.editNamed', { name: b.name })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('bonuses.editNamed', { name: b.name })}
                    onClick={() => onEdit(b)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              ),
          },
        ]}
      />
    </Card>
  );
}
