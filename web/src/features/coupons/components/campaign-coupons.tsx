import type { Coupon } from '@contract/coupons';
import { Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconPlus, IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { type ResponsiveColumn, ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { CouponFormModal } from './coupon-form-modal';
import { IssueCouponsModal } from './issue-coupons-modal';

const PAGE_SIZE = 10;

/** A campaign's coupons: an admin manages them all, an affiliate copies their own. */
export function CampaignCoupons({ campaignId, isAdmin }: { campaignId: number; isAdmin: boolean }) {
  return isAdmin ? <AdminCoupons campaignId={campaignId} /> : <MyCoupons campaignId={campaignId} />;
}

function AdminCoupons({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const coupons = useCoupons({ campaign_id: campaignId, page, page_size: PAGE_SIZE });
  const save = useSaveCoupon();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const toggle = async (coupon: Coupon) => {
    setFeedback(null);
    try {
      await save.mutateAsync({ id: coupon.id, body: { active: !coupon.active } });
      setFeedback({
        tone: 'success',
        text: t(coupon.active ? 'coupons.deactivated' : 'coupons.activated', { code: coupon.code }),
      });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  const columns: ResponsiveColumn<Coupon>[] = [
    {
      accessor: 'code',
      title: t('coupons.code'),
      isPrimary: true,
      render: (c) => (
        <Text ff="monospace" fw={600} size="sm">
          {c.code}
        </Text>
      ),
    },
    {
      accessor: 'affiliate_name',
      title: t('coupons.affiliate'),
      render: (c) => `${c.affiliate_name} (${c.affiliate_code})`,
    },
    { accessor: 'discount_label', title: t('coupons.discount'), render: (c) => c.discount_label ?? '—' },
    {
      accessor: 'active',
      title: t('coupons.status'),
      render: (c) => (
        <StatusBadge color={c.active ? 'green' : 'gray'}>
          {t(c.active ? 'coupons.isActive' : 'coupons.isInactive')}
        </StatusBadge>
      ),
    },
    {
      accessor: 'actions',
      title: t('coupons.actions'),
      isActions: true,
      textAlign: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(c)}
            aria-label={`${t('coupons.edit')} ${c.code}`}
          >
            {t('coupons.editShort')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color={c.active ? 'red' : 'green'}
            loading={save.isPending && save.variables?.id === c.id}
            onClick={() => toggle(c)}
            aria-label={`${t(c.active ? 'coupons.deactivate' : 'coupons.activate')} ${c.code}`}
          >
            {t(c.active ? 'coupons.deactivate' : 'coupons.activate')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="lg">
            {t('coupons.title')}
          </Title>
          <Group gap="xs">
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('coupons.create')}
            </Button>
            <Button
              size="sm"
              variant="default"
              leftSection={<IconUsersGroup size={16} />}
              onClick={() => setIssuing(true)}
            >
              {t('coupons.issue')}
            </Button>
          </Group>
        </Group>
        <FormAlert message={feedback?.text} tone={feedback?.tone} />
        {coupons.isError ? (
          <FormAlert message={errorMessage(coupons.error, t)} />
        ) : (
          <ResponsiveDataTable<Coupon>
            columns={columns}
            records={coupons.data?.items ?? []}
            fetching={coupons.isFetching}
            noRecordsText={t('coupons.none')}
            noRecordsIcon={<IconTicket size={20} />}
            pagination={
              (coupons.data?.total ?? 0) > PAGE_SIZE
                ? {
                    page,
                    onPageChange: setPage,
                    totalRecords: coupons.data?.total ?? 0,
                    recordsPerPage: PAGE_SIZE,
                  }
                : undefined
            }
          />
        )}
      </Stack>
      {editing && (
        <CouponFormModal
          campaignId={campaignId}
          coupon={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setFeedback({ tone: 'success', text: t('coupons.saved', { code: saved.code }) });
          }}
        />
      )}
      {issuing && <IssueCouponsModal campaignId={campaignId} onClose={() => setIssuing(false)} />}
    </Card>
  );
}

/** The affiliate's own coupons for this campaign, each with a copy button to share it. */
function MyCoupons({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const coupons = useCoupons({ campaign_id: campaignId, page_size: 50 });
  const items = coupons.data?.items ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('coupons.mine')}
      </Title>
      {coupons.isPending ? (
        <Stack gap="xs">
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} radius="md" />
        </Stack>
      ) : coupons.isError ? (
        <FormAlert message={errorMessage(coupons.error, t)} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('coupons.noneMine')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('coupons.mineHelp')}
          </Text>
          {items.map((coupon) => (
            <Group key={coupon.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Code fz="md" fw={700} style={{ wordBreak: 'break-all' }} data-testid="my-coupon-code">
                  {coupon.code}
                </Code>
                <Text size="xs" c="dimmed">
                  {coupon.discount_label ?? t('coupons.noDiscount')}
                  {!coupon.active && ` · ${t('coupons.isInactive')}`}
                </Text>
              </Stack>
              <CopyButton value={coupon.code}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    onClick={copy}
                    disabled={!coupon.active}
                    aria-label={`${t('coupons.copy')} ${coupon.code}`}
                  >
                    {copied ? t('coupons.copied') : t('coupons.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
