import { type Campaign, PAYMENT_METHODS } from '@contract/campaigns';
import { ADMIN_ROLE } from '@contract/session';
import { Anchor, Button, Card, Grid, Group, Image, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { IconExternalLink, IconLink, IconPencil, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, pathTo } from '../../../app/paths';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { currentClaims } from '../../../lib/session';
import { STATUS_COLOR } from './campaign-cards';
import { CampaignResults } from './campaign-results';
import { commissionLabel, recurringLabel } from './commission-label';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

/** /campanhas/detalhes/:id: everything an affiliate needs to promote the campaign. */
export function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const methodHolds = PAYMENT_METHODS.filter((m) => campaign.hold_days_by_method[m] !== undefined);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {campaign.image_url && <Image src={campaign.image_url} alt="" radius="md" />}
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="sm">
              {t('campaigns.about')}
            </Title>
            {campaign.description ? (
              <Typography>
                {/* Sanitised by the server with an allow-list when the campaign was saved. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
                <div dangerouslySetInnerHTML={{ __html: campaign.description }} />
              </Typography>
            ) : (
              <Text c="dimmed">{t('campaigns.noDescription')}</Text>
            )}
          </Card>
          <CampaignResults campaignId={campaign.id} isAdmin={isAdmin} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <StatusBadge color={STATUS_COLOR[campaign.status]} size="lg">
                {t(`campaigns.statuses.${campaign.status}`)}
              </StatusBadge>
            </Group>
            <Fact label={t('campaigns.commission')}>{commissionLabel(campaign, t, i18n.language)}</Fact>
            <SimpleGrid cols={2}>
              <Fact label={t('campaigns.cookieWindow')}>
                {t('campaigns.cookieDays', { count: campaign.cookie_days })}
              </Fact>
              <Fact label={t('campaigns.hold')}>{t('campaigns.days', { count: campaign.hold_days })}</Fact>
            </SimpleGrid>
            <Fact label={t('campaigns.recurring.title')}>
              <span data-testid="campaign-recurring">{recurringLabel(campaign, t, i18n.language)}</span>
            </Fact>
            <Fact label={t('campaigns.attribution.label')}>
              {t(`campaigns.attribution.models.${campaign.attribution_model}`)}
            </Fact>
            {methodHolds.length > 0 && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('campaigns.holdByMethod')}
                </Text>
                {methodHolds.map((method) => (
                  <Group key={method} justify="space-between">
                    <Text size="sm">{t(`campaigns.methods.${method}`)}</Text>
                    <Text size="sm" fw={600}>
                      {t('campaigns.days', { count: campaign.hold_days_by_method[method] ?? 0 })}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
            {(campaign.starts_at || campaign.ends_at) && (
              <Fact label={t('campaigns.period')}>
                {campaign.starts_at ? formatDate(campaign.starts_at, i18n.language) : '…'} –{' '}
                {campaign.ends_at ? formatDate(campaign.ends_at, i18n.language) : '…'}
              </Fact>
            )}
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('campaigns.destination')}
              </Text>
              <Anchor
                href={campaign.destination_url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {campaign.destination_url} <IconExternalLink size={12} aria-hidden />
              </Anchor>
            </Stack>
            {/* Links are an affiliate's own: an admin would only be told they have none. */}
            {!isAdmin && (
              <Button
                component={Link}
                to={`${paths.linkGenerator}?campanha=${campaign.id}`}
                leftSection={<IconLink size={16} />}
                disabled={campaign.status !== 'active'}
              >
                {t('campaigns.generateLink')}
              </Button>
            )}
            {isAdmin && (
              <Button
                component={Link}
                to={pathTo('adminCampaignEdit', { id: campaign.id })}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('campaigns.edit')}
              </Button>
            )}
            {isAdmin && (
              // The creatives an affiliate sees here are managed in the edit screen's tab.
              <Button
                component={Link}
                to={`${pathTo('adminCampaignEdit', { id: campaign.id })}?tab=creatives`}
                variant="default"
                leftSection={<IconPhoto size={16} />}
              >
                {t('campaigns.manageCreatives')}
              </Button>
            )}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
