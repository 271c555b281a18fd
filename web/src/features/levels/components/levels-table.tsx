import type { Level } from '@contract/levels';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconStairsUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatBps, formatMoney } from '../../../lib/format';
import { useDeleteLevel, useLevels } from '../api/levels';

/** /admin/niveis: the tiers by rank, their rate, the sales that reach them, and who holds them. */
export function LevelsTable() {
  const { t, i18n } = useTranslation();
  const levels = useLevels();
  const remove = useDeleteLevel();
  const [deleting, setDeleting] = useState<Level | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    const level = deleting;
    setDeleting(null);
    try {
      await remove.mutateAsync(level.id);
      setFeedback({ tone: 'success', text: t('levels.deleted', { name: level.name }) });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={feedback?.text} tone={feedback?.tone} withCloseButton onClose={() => setFeedback(null)} />
      <FormAlert message={levels.isError ? errorMessage(levels.error, t) : null} />
      <ResponsiveDataTable<Level>
        minHeight={220}
        fetching={levels.isPending}
        records={levels.data ?? []}
        noRecordsIcon={<IconStairsUp size={36} stroke={1.4} />}
        noRecordsText={t('levels.empty')}
        highlightOnHover
        columns={[
          { accessor: 'rank', title: t('levels.rank'), width: 80 },
          {
            accessor: 'name',
            title: t('levels.name'),
            isPrimary: true,
            render: (level) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {level.name}
                </Text>
                {level.description && (
                  <Text size="xs" c="dimmed">
                    {level.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'commission_bps',
            title: t('levels.rate'),
            render: (level) => <Badge variant="light">{formatBps(level.commission_bps, i18n.language)}</Badge>,
          },
          {
            accessor: 'min_sales_cents',
            title: t('levels.minSales'),
            render: (level) => formatMoney(level.min_sales_cents, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          { accessor: 'affiliate_count', title: t('levels.holders'), textAlign: 'right' },
          {
            accessor: 'actions',
            isActions: true,
            title: <VisuallyHidden>{t('affiliates.actions')}</VisuallyHidden>,
            textAlign: 'right',
            render: (level) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('levels.edit')}>
                  <ActionIcon
                    component={Link}
                    to={pathTo('adminLevelEdit', { id: level.id })}
                    variant="subtle"
                    aria-label={`${t('levels.edit')} ${level.name}`}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('levels.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(level)}
                    aria-label={`${t('levels.delete')} ${level.name}`}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('levels.deleteTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('levels.deleteText', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setDeleting(null)}>
              {t('twoFactor.cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('levels.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
