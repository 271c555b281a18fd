import type { CampaignStatus } from '@contract/campaigns';
import type { TrackingLink } from '@contract/tracking';
import { ActionIcon, CopyButton, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChartBar, IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate, formatMoney, formatRate } from '../../../lib/format';
import { useLinks } from '../api/links';

/** The colours the campaign cards give these statuses (features do not import one another). */
const CAMPAIGN_STATUS_COLOR: Record<Exclude<CampaignStatus, 'active'>, string> = { paused: 'yellow', ended: 'gray' };

/**
 * The person's links with their counted clicks, filterable by campaign. `onShowTraffic` opens a
 * link's traffic (the screen composes it: features do not import one another).
 */
export function LinksTable({
  campaigns,
  onShowTraffic,
}: {
  campaigns: { value: string; label: string }[];
  onShowTraffic?: (link: TrackingLink) => void;
}) {
  const { t, i18n } = useTranslation();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const links = useLinks(campaignId ? Number(campaignId) : undefined);
  const tags = (l: TrackingLink) => [l.sub_id, l.utm_source, l.utm_medium, l.utm_campaign].filter(Boolean).join(' · ');
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {t('links.yourLinks')}
        </Title>
        <Select
          aria-label={t('links.campaign')}
          placeholder={t('links.allCampaigns')}
          clearable
          data={campaigns}
          value={campaignId}
          onChange={setCampaignId}
          w={260}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('links.salesHelp')}
      </Text>
      <FormAlert message={links.isError ? errorMessage(links.error, t) : null} />
      <ResponsiveDataTable<TrackingLink>
        fetching={links.isPending}
        records={links.data ?? []}
        noRecordsIcon={<IconLink size={36} stroke={1.4} />}
        noRecordsText={t('links.empty')}
        columns={[
          {
            accessor: 'url',
            title: t('links.link'),
            isPrimary: true,
            render: (l) => (
              <Group gap={4} wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {l.url.replace(/^https?:\/\//, '')}
                </Text>
                <CopyButton value={l.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('links.copied') : t('links.copy')}>
                      <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label={`${t('links.copy')} ${l.code}`}>
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ),
          },
          {
            accessor: 'campaign_name',
            title: t('links.campaign'),
            // A paused or ended campaign's link still redirects but earns nothing new: said beside its name.
            render: (l) => (
              <Group gap={6} wrap="wrap">
                <Text size="sm">{l.campaign_name}</Text>
                {l.campaign_status !== 'active' && (
                  <StatusBadge color={CAMPAIGN_STATUS_COLOR[l.campaign_status]} size="sm">
                    {t(`campaigns.statuses.${l.campaign_status}`)}
                  </StatusBadge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'tags',
            title: t('links.tags'),
            render: (l) => tags(l) || '—',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          { accessor: 'clicks', title: t('links.clicks'), textAlign: 'right' },
          { accessor: 'sales', title: t('links.sales'), textAlign: 'right' },
          {
            accessor: 'conversion_bps',
            title: t('links.conversion'),
            textAlign: 'right',
            render: (l) => (l.conversion_bps === null ? '—' : formatRate(l.conversion_bps, i18n.language)),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'commission_cents',
            title: t('links.commission'),
            textAlign: 'right',
            render: (l) => formatMoney(l.commission_cents, i18n.language),
          },
          {
            accessor: 'created_at',
            title: t('links.createdAt'),
            render: (l) => formatDate(l.created_at, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          ...(onShowTraffic
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  isActions: true,
                  textAlign: 'right' as const,
                  render: (l: TrackingLink) => (
                    <Tooltip label={t('traffic.showLink', { code: l.code })}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onShowTraffic(l)}
                        aria-label={t('traffic.showLink', { code: l.code })}
                      >
                        <IconChartBar size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}
