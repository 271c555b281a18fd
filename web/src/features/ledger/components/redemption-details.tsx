import type { Redemption, RedemptionStatus } from '@contract/ledger';
import { Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';

const COLORS: Record<RedemptionStatus, string> = {
  requested: 'yellow',
  approved: 'blue',
  paid: 'green',
  rejected: 'gray',
};

export function RedemptionStatusBadge({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={COLORS[status]}>{t(`ledger.statuses.${status}`)}</StatusBadge>;
}

/** Where the money goes, in words an admin paying it can copy from. */
export function DestinationText({ redemption }: { redemption: Redemption }) {
  const { t } = useTranslation();
  const d = redemption.destination;
  if (d.type === 'pix')
    return <Text size="sm">{`PIX · ${t(`ledger.pixKeyTypes.${d.pix_key_type}`)} ${d.pix_key}`}</Text>;
  return (
    <Text size="sm">
      {`${t('ledger.bank')} ${d.bank} · ${t('ledger.agency')} ${d.agency} · ${t('ledger.account')} ${d.account} (${t(`ledger.accountTypes.${d.account_type}`)}) · ${d.holder} · ${d.document}`}
    </Text>
  );
}

/** A request's steps, who made them, and the reason or the payment reference. */
export function RedemptionDetails({ redemption }: { redemption: Redemption }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" p="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('ledger.destination')}
        </Text>
        <DestinationText redemption={redemption} />
      </Stack>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('ledger.timeline')}
        </Text>
        <Timeline bulletSize={14} lineWidth={2} active={redemption.timeline.length - 1}>
          {redemption.timeline.map((event) => (
            <Timeline.Item key={event.status} title={t(`ledger.statuses.${event.status}`)}>
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.at, i18n.language)}
                  {event.actor_name ? ` · ${t('ledger.by', { name: event.actor_name })}` : ''}
                </Text>
              </Group>
              {event.note && (
                <Text
                  size="sm"
                  fs={event.status === 'rejected' ? 'italic' : undefined}
                  ff={event.status === 'paid' ? 'monospace' : undefined}
                >
                  {event.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </SimpleGrid>
  );
}
