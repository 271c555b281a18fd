import type { Campaign, CampaignStatus } from '@contract/campaigns';
import {
  AspectRatio,
  Badge,
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
import { IconClock, IconPhoto, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useCampaigns } from '../api/campaigns';
import { commissionLabel } from './commission-label';

const PAGE_SIZE = 12;
export const STATUS_COLOR: Record<CampaignStatus, string> = { active: 'teal', paused: 'yellow', ended: 'gray' };

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="md" component="article" aria-label={campaign.name}>
      <Card.Section>
        <AspectRatio ratio={1200 / 630}>
          {campaign.image_url ? (
            <Image src={campaign.image_url} alt="" />
          ) : (
            <Center bg="var(--mantine-color-default-hover)">
              <IconPhoto size={40} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {campaign.name}
          </Text>
          <Badge color={STATUS_COLOR[campaign.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`campaigns.statuses.${campaign.status}`)}
          </Badge>
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
        <Button component={Link} to={pathTo('campaignDetails', { id: campaign.id })} variant="light" fullWidth mt="xs">
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
