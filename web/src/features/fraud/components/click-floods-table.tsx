import type { ClickFloodReport } from '@contract/fraud';
import { Card, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { useClickFloods } from '../api/fraud';

type Row = ClickFloodReport['items'][number] & { key: string };

/** What the click-flooding rule caught: per day and link, the addresses over the limit and the clicks not counted. */
export function ClickFloodsTable({ period }: { period: { from?: string; to?: string } }) {
  const { t, i18n } = useTranslation();
  const floods = useClickFloods(period);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('fraud.floodsTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('fraud.floodsDescription')}
        </Text>
        <FormAlert message={floods.isError ? errorMessage(floods.error, t) : null} />
        <ResponsiveDataTable<Row>
          idAccessor="key"
          fetching={floods.isPending}
          records={(floods.data?.items ?? []).map((r) => ({ ...r, key: `${r.day}-${r.link_id}` }))}
          noRecordsIcon={<IconShieldCheck size={36} stroke={1.4} />}
          noRecordsText={t('fraud.noFloods')}
          columns={[
            {
              accessor: 'day',
              title: t('fraud.columns.day'),
              isPrimary: true,
              render: (r) => formatDate(`${r.day}T12:00:00Z`, i18n.language),
            },
            { accessor: 'affiliate_name', title: t('fraud.columns.affiliate') },
            { accessor: 'campaign_name', title: t('fraud.columns.campaign') },
            { accessor: 'link_code', title: t('fraud.columns.link') },
            { accessor: 'addresses', title: t('fraud.columns.addresses'), textAlign: 'right' },
            { accessor: 'clicks', title: t('fraud.columns.clicks'), textAlign: 'right' },
          ]}
        />
      </Stack>
    </Card>
  );
}
