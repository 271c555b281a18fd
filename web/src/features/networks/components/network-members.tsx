import type { NetworkDetails, NetworkMember } from '@contract/networks';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { useNetworkMembership } from '../api/networks';
import { personColumns } from './person-columns';

/** The members of a network, their level and status, and taking one out. */
export function NetworkMembers({ network }: { network: NetworkDetails }) {
  const { t, i18n } = useTranslation();
  const { remove } = useNetworkMembership(network.id);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <>
      <FormAlert
        message={feedback?.text}
        tone={feedback?.tone}
        withCloseButton
        onClose={() => setFeedback(null)}
        mb="md"
      />
      <ResponsiveDataTable<NetworkMember>
        idAccessor="affiliate_id"
        records={network.members}
        noRecordsIcon={<IconUsers size={36} stroke={1.4} />}
        noRecordsText={t('networks.noMembers')}
        columns={[
          // The name heads a member's card on a phone.
          ...personColumns<NetworkMember>(t).map((c) => ({ ...c, isPrimary: c.accessor === 'name' })),
          { accessor: 'level_name', title: t('affiliates.level'), render: (m) => m.level_name ?? '—' },
          { accessor: 'sales_count', title: t('networks.salesCount'), textAlign: 'right' },
          {
            accessor: 'approved_sales_cents',
            title: t('networks.approvedSales'),
            textAlign: 'right',
            render: (m) => formatMoney(m.approved_sales_cents, i18n.language),
          },
          {
            accessor: 'commission_cents',
            title: t('networks.commission'),
            textAlign: 'right',
            render: (m) => formatMoney(m.commission_cents, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'status',
            title: t('networks.status'),
            render: (m) => (
              <StatusBadge color={m.status === 'approved' ? 'teal' : 'gray'}>
                {t(`networks.statuses.${m.status}`)}
              </StatusBadge>
            ),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('affiliates.actions')}</VisuallyHidden>,
            textAlign: 'right',
            isActions: true,
            render: (m) => (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending && remove.variables === m.affiliate_id}
                aria-label={`${t('networks.remove')} ${m.first_name} ${m.last_name}`}
                onClick={async () => {
                  try {
                    await remove.mutateAsync(m.affiliate_id);
                    setFeedback({
                      tone: 'success',
                      text: t('networks.removed', { name: `${m.first_name} ${m.last_name}` }),
                    });
                  } catch (error) {
                    setFeedback({ tone: 'error', text: errorMessage(error, t) });
                  }
                }}
              >
                {t('networks.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('networks.membersNote')}
      </Text>
    </>
  );
}
