import type { WebhookDelivery, WebhookEndpoint } from '@contract/webhooks';
import { Badge, Box, Button, Card, Code, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { outboundErrorText } from '../../../lib/outbound-error';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';
import { eventKey } from './event-key';

const PAGE_SIZE = 10;
const STATE_COLOR = { queued: 'yellow', delivered: 'green', failed: 'red' } as const;

/** What one endpoint was sent and what it answered, newest first, with "Send again" on each message. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveries(endpoint.id, page, PAGE_SIZE);
  const resend = useResendWebhookDelivery(endpoint.id);
  const [alert, setAlert] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const host = (() => {
    try {
      return new URL(endpoint.url).host;
    } catch {
      return endpoint.url;
    }
  })();

  return (
    <Card withBorder padding="lg" aria-labelledby="webhook-deliveries-title" component="section">
      <Title order={2} fz="lg" id="webhook-deliveries-title">
        {t('webhooks.deliveriesTitle', { host })}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('webhooks.deliveriesDescription')}
      </Text>
      <FormAlert message={list.isError ? errorMessage(list.error, t) : alert} mb="md" />
      {list.isPending ? (
        <ListSkeleton label={t('common.loading')} />
      ) : (
        <ResponsiveDataTable<WebhookDelivery>
          fetching={list.isPlaceholderData}
          records={list.data?.items ?? []}
          pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
          noRecordsIcon={<IconSend size={36} stroke={1.4} />}
          noRecordsText={t('webhooks.noDeliveries')}
          minHeight={160}
          expansion={{ expanded, onChange: setExpanded, content: (d) => <AttemptHistory delivery={d} /> }}
          columns={[
            {
              accessor: 'event_type',
              title: t('webhooks.event'),
              isPrimary: true,
              render: (d) => t(`webhooks.eventNames.${eventKey(d.event_type)}`),
            },
            {
              accessor: 'message_id',
              title: t('webhooks.messageId'),
              render: (d) => (
                <Code fz="xs" style={{ wordBreak: 'break-all' }}>
                  {d.message_id}
                </Code>
              ),
            },
            {
              accessor: 'state',
              title: t('webhooks.status'),
              render: (d) => (
                <Tooltip label={d.error ? outboundErrorText(d.error, t) : ''} disabled={!d.error} multiline maw={360}>
                  <StatusBadge color={STATE_COLOR[d.state]}>
                    {d.status_code !== null
                      ? `${d.status_code} · ${t(`webhooks.states.${d.state}`)}`
                      : t(`webhooks.states.${d.state}`)}
                  </StatusBadge>
                </Tooltip>
              ),
            },
            { accessor: 'attempts', title: t('webhooks.attempts'), textAlign: 'right' },
            {
              accessor: 'last_attempt_at',
              title: t('webhooks.time'),
              render: (d) => when(d.last_attempt_at ?? d.created_at),
            },
            {
              accessor: 'response_excerpt',
              title: t('webhooks.response'),
              render: (d) => (
                <Text
                  size="sm"
                  c={d.error ? 'red.8' : 'dimmed'}
                  lineClamp={2}
                  maw={260}
                  style={{ wordBreak: 'break-word' }}
                  title={d.response_excerpt || (d.error ? outboundErrorText(d.error, t) : undefined)}
                >
                  {d.response_excerpt || (d.error ? outboundErrorText(d.error, t) : '—')}
                </Text>
              ),
            },
            {
              accessor: 'next_attempt_at',
              title: t('webhooks.nextRetry'),
              render: (d) => when(d.next_attempt_at),
            },
            {
              accessor: 'actions',
              title: t('webhooks.actions'),
              isActions: true,
              render: (d) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  loading={resend.isPending && resend.variables === d.id}
                  aria-label={t('webhooks.resendMessage', { id: d.message_id })}
                  onClick={async (event) => {
                    event.stopPropagation();
                    setAlert(null);
                    await resend.mutateAsync(d.id).catch((error) => setAlert(errorMessage(error, t)));
                  }}
                >
                  {t('webhooks.resend')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** Every attempt of one message, oldest first: what the endpoint answered each time. */
function AttemptHistory({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  if (delivery.history.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('webhooks.noAttempts')}
      </Text>
    );
  }
  return (
    <Box p="sm">
      <Text size="sm" fw={600} mb={4}>
        {t('webhooks.history')}
      </Text>
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {delivery.history.map((a) => (
          <Box component="li" key={a.attempt}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t('webhooks.attemptNumber', { n: a.attempt })}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(a.at, i18n.language)} · {t('webhooks.duration', { ms: a.duration_ms })}
              </Text>
              <StatusBadge color={a.status_code !== null && a.status_code < 300 ? 'green' : 'red'}>
                {a.status_code ?? t('webhooks.noAnswer')}
              </StatusBadge>
              {a.is_manual && (
                <Badge size="sm" variant="light" color="blue">
                  {t('webhooks.manual')}
                </Badge>
              )}
            </Group>
            {(a.response_excerpt || a.error) && (
              <Code block fz="xs" mt={2} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 120 }}>
                {a.response_excerpt || (a.error ? outboundErrorText(a.error, t) : '')}
              </Code>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
