import {
  INTEGRATION_DELIVERY_OUTCOMES,
  type Integration,
  type IntegrationDelivery,
  type IntegrationDeliveryOutcome,
} from '@contract/integrations';
import { Box, Button, Card, Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconInbox, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useIntegrationDeliveries } from '../api/integrations';
import { DeliveryOutcome, DeliverySaleLink } from './delivery-outcome';
import { isReplayable, readableBody } from './integration-words';
import { ReplayModal } from './replay-modal';

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * Every call the platform made, newest first, refreshed every 10 s: what came of it and why, the
 * sale it made, and "Replay" on the ones an admin can settle. A row opens the headers and body.
 */
export function DeliveryLog({ integration }: { integration: Integration }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<IntegrationDeliveryOutcome | null>(null);
  const list = useIntegrationDeliveries(integration.id, {
    page,
    page_size: PAGE_SIZE,
    ...(outcome ? { outcome } : {}),
  });
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const [replaying, setReplaying] = useState<IntegrationDelivery | null>(null);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="integration-deliveries-title">
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Stack gap={2} style={{ flex: '1 1 18rem' }}>
          <Title order={2} fz="lg" id="integration-deliveries-title">
            {t('integrations.log.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('integrations.log.description')}
          </Text>
        </Stack>
        <Select
          label={t('integrations.log.outcomeFilter')}
          value={outcome ?? ALL}
          onChange={(value) => {
            setOutcome(!value || value === ALL ? null : (value as IntegrationDeliveryOutcome));
            setPage(1);
          }}
          allowDeselect={false}
          data={[
            { value: ALL, label: t('integrations.log.allOutcomes') },
            ...INTEGRATION_DELIVERY_OUTCOMES.map((o) => ({ value: o, label: t(`integrations.outcomes.${o}`) })),
          ]}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} mb="md" />
      {list.isPending ? (
        <ListSkeleton label={t('common.loading')} />
      ) : (
        <ResponsiveDataTable<IntegrationDelivery>
          fetching={list.isPlaceholderData}
          records={list.data?.items ?? []}
          pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
          noRecordsIcon={<IconInbox size={36} stroke={1.4} />}
          noRecordsText={outcome ? t('integrations.log.noneWithOutcome') : t('integrations.log.empty')}
          minHeight={160}
          expansion={{ expanded, onChange: setExpanded, content: (d) => <DeliveryDetails delivery={d} /> }}
          columns={[
            {
              accessor: 'event_type',
              title: t('integrations.log.event'),
              isPrimary: true,
              render: (d) => (
                <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {d.event_type}
                </Text>
              ),
            },
            {
              accessor: 'received_at',
              title: t('integrations.log.received'),
              render: (d) => formatDateTime(d.received_at, i18n.language),
            },
            {
              accessor: 'external_id',
              title: t('integrations.log.order'),
              render: (d) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.external_id ?? '—'}
                </Text>
              ),
            },
            {
              accessor: 'outcome',
              title: t('integrations.log.outcome'),
              render: (d) => <DeliveryOutcome delivery={d} />,
            },
            {
              accessor: 'sale_id',
              title: t('integrations.log.sale'),
              render: (d) => <DeliverySaleLink saleId={d.sale_id} />,
            },
            {
              // The table opens a row by a click on it; this is the keyboard's way (a card has its own).
              accessor: 'details',
              title: t('table.details'),
              isHiddenInCard: true,
              render: (d) => {
                const isOpen = expanded.includes(d.id);
                return (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-expanded={isOpen}
                    rightSection={
                      <IconChevronDown
                        size={14}
                        style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
                        aria-hidden
                      />
                    }
                    onClick={(event) => {
                      event.stopPropagation();
                      setExpanded(isOpen ? expanded.filter((id) => id !== d.id) : [...expanded, d.id]);
                    }}
                  >
                    {t('table.details')}
                  </Button>
                );
              },
            },
            {
              accessor: 'actions',
              title: t('integrations.actions'),
              isActions: true,
              render: (d) =>
                isReplayable(d) ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    aria-label={t('integrations.replay.buttonFor', {
                      event: d.event_type,
                      order: d.external_id ?? d.id,
                    })}
                    onClick={(event) => {
                      event.stopPropagation();
                      setReplaying(d);
                    }}
                  >
                    {t('integrations.replay.button')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      <ReplayModal integrationId={integration.id} delivery={replaying} onClose={() => setReplaying(null)} />
    </Card>
  );
}

/** One call as received: the platform's words, its product, its headers and its body. */
function DeliveryDetails({ delivery }: { delivery: IntegrationDelivery }) {
  const { t, i18n } = useTranslation();
  const headers = Object.entries(delivery.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const facts = (
    [
      [t('integrations.log.detail'), delivery.detail],
      [t('integrations.log.product'), delivery.external_product_id],
      [t('integrations.log.replayed'), delivery.replayed_at && formatDateTime(delivery.replayed_at, i18n.language)],
    ] as [string, string | null][]
  ).filter(([, value]) => value);
  const block = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflowY: 'auto' } as const;
  return (
    <Stack gap="sm" p="sm">
      {facts.length > 0 && (
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
            gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Box>
          ))}
        </Box>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('integrations.log.headers')}
        </Text>
        {/* Focusable: a long block scrolls, and a keyboard must reach it (tabIndex). */}
        <Code block fz="xs" style={block} tabIndex={0}>
          {headers || '—'}
        </Code>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('integrations.log.body')}
        </Text>
        <Code block fz="xs" style={block} tabIndex={0} data-testid="delivery-body">
          {readableBody(delivery.body) || '—'}
        </Code>
      </Stack>
    </Stack>
  );
}
