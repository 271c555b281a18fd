import type { CampaignListItem, CampaignStatus } from '@contract/campaigns';
import { ADMIN_ROLE } from '@contract/session';
import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClock, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatMoney, formatRate } from '../../../lib/format';
import { currentClaims } from '../../../lib/session';
import { useCampaigns } from '../api/campaigns';
import { commissionLabel } from './commission-label';

const PAGE_SIZE = 12;
// Green, not teal: teal's light badge reads below AA contrast on white (axe, campaign details).
export const STATUS_COLOR: Record<CampaignStatus, string> = { active: 'green', paused: 'yellow', ended: 'gray' };

/** The picture a campaign without its own gets: the brand's gradient and the campaign's initial. */
function DefaultCampaignImage({ name }: { name: string }) {
  return (
    <Center
      h="100%"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-brand-5) 0%, var(--mantine-color-brand-8) 60%, var(--mantine-color-brand-9) 100%)',
      }}
      data-testid="default-campaign-image"
    >
      <Group gap="sm" c="white" wrap="nowrap" aria-hidden>
        <IconSpeakerphone size={34} stroke={1.4} />
        <Text fz={40} fw={700} lh={1} c="white">
          {name.trim().charAt(0).toUpperCase()}
        </Text>
      </Group>
    </Center>
  );
}

/** What an average sale pays, earnings per click and conversion, where there is data for them. */
function CampaignFigures({ campaign }: { campaign: CampaignListItem }) {
  const { t, i18n } = useTranslation();
  const { average_order_cents, sale_commission_cents, epc_cents, conversion_bps } = campaign.figures;
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const items = [
    sale_commission_cents !== null && {
      label: isAdmin ? t('campaigns.figures.saleCommissionAdmin') : t('campaigns.figures.saleCommission'),
      value: money(sale_commission_cents),
      help:
        average_order_cents === null
          ? null
          : t('campaigns.figures.averageOrder', { amount: money(average_order_cents) }),
      testId: 'sale-commission',
    },
    epc_cents !== null && { label: t('campaigns.figures.epc'), value: money(epc_cents), help: null, testId: 'epc' },
    conversion_bps !== null && {
      label: t('campaigns.figures.conversion'),
      value: formatRate(conversion_bps, i18n.language),
      help: null,
      testId: 'conversion',
    },
  ].filter((item) => item !== false);
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('campaigns.figures.noSales')}
      </Text>
    );
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(6.5rem, 1fr))',
        gap: 'var(--mantine-spacing-xs)',
      }}
    >
      {items.map((item) => (
        <Box key={item.testId} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {item.label}
          </Text>
          <Box component="dd" m={0}>
            <Text fw={700} size="lg" lh={1.3} data-testid={item.testId}>
              {item.value}
            </Text>
            {item.help && (
              <Text size="xs" c="dimmed">
                {item.help}
              </Text>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CampaignCard({ campaign }: { campaign: CampaignListItem }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="md" component="article" aria-label={campaign.name}>
      <Card.Section>
        <AspectRatio ratio={1200 / 630}>
          {campaign.image_url ? (
            <Image src={campaign.image_url} alt="" />
          ) : (
            <DefaultCampaignImage name={campaign.name} />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {campaign.name}
          </Text>
          <StatusBadge color={STATUS_COLOR[campaign.status]}>{t(`campaigns.statuses.${campaign.status}`)}</StatusBadge>
        </Group>
        <Group gap="xs">
          <Badge variant="filled" size="lg" radius="sm">
            {commissionLabel(campaign, t, i18n.language)}
          </Badge>
          <Group gap={4} c="dimmed">
            <IconClock size={14} aria-hidden />
            <Text size="sm">{t('campaigns.cookieDays', { count: campaign.cookie_days })}</Text>
          </Group>
        </Group>
        <CampaignFigures campaign={campaign} />
        <Button
          component={Link}
          to={pathTo('campaignDetails', { id: campaign.id })}
          variant="light"
          fullWidth
          mt="auto"
        >
          {t('campaigns.open')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /campanhas: the programme's campaigns as cards, searchable and filtered by status. */
export function CampaignCards() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<'all' | CampaignStatus>('active');
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    page,
    page_size: PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil((campaigns.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={t('campaigns.search')}
          placeholder={t('campaigns.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <SegmentedControl
          aria-label={t('campaigns.status')}
          value={status}
          onChange={(value) => {
            setStatus(value as typeof status);
            setPage(1);
          }}
          data={[
            { value: 'active', label: t('campaigns.statuses.active') },
            { value: 'paused', label: t('campaigns.statuses.paused') },
            { value: 'ended', label: t('campaigns.statuses.ended') },
            { value: 'all', label: t('campaigns.all') },
          ]}
        />
      </Group>
      <FormAlert message={campaigns.isError ? errorMessage(campaigns.error, t) : null} />
      {campaigns.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={320} />
          ))}
        </SimpleGrid>
      ) : campaigns.data?.items.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {campaigns.data.items.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </SimpleGrid>
      ) : (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconSpeakerphone size={28} />
            </ThemeIcon>
            <Text c="dimmed" ta="center">
              {t('campaigns.empty')}
            </Text>
          </Stack>
        </Card>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} style={{ alignSelf: 'center' }} />}
    </Stack>
  );
}
