import type { Integration } from '@contract/integrations';
import { ActionIcon, Button, Card, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconList, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useDeleteIntegration, useUpdateIntegration } from '../api/integrations';
import { PLATFORM_NAMES } from './integration-words';

/**
 * The connections: platform and name, default campaign, whether they receive, what waits for an
 * admin and the last call; each row opens its panel, and its menu edits, pauses or deletes it.
 */
export function IntegrationList({
  integrations,
  isLoading,
  error,
  campaignName,
  selectedId,
  onSelect,
  onAdd,
  onEdit,
}: {
  integrations: Integration[];
  isLoading: boolean;
  error: unknown;
  campaignName: (id: number) => string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onAdd: () => void;
  onEdit: (integration: Integration) => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateIntegration();
  const remove = useDeleteIntegration();
  const [alert, setAlert] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);

  const toggle = async (integration: Integration) => {
    setAlert(null);
    await update
      .mutateAsync({ id: integration.id, body: { active: !integration.active } })
      .catch((e) => setAlert(errorMessage(e, t)));
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setAlert(null);
    await remove.mutateAsync(deleting.id).catch((e) => setAlert(errorMessage(e, t)));
    setDeleting(null);
  };

  if (isLoading) return <ListSkeleton label={t('common.loading')} rows={2} rowHeight={56} />;
  if (!error && integrations.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" py="md">
          <IconPlugConnected size={40} stroke={1.4} aria-hidden />
          <Title order={2} fz="lg">
            {t('integrations.empty')}
          </Title>
          <Text c="dimmed" size="sm" ta="center" maw={520}>
            {t('integrations.emptyHelp')}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {t('integrations.add')}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="sm">
      <FormAlert message={error ? errorMessage(error, t) : alert} />
      <ResponsiveDataTable<Integration>
        records={integrations}
        noRecordsIcon={<IconPlugConnected size={36} stroke={1.4} />}
        noRecordsText={t('integrations.empty')}
        minHeight={160}
        rowColor={(i) => (i.id === selectedId ? { light: 'blue.0', dark: 'dark.5' } : undefined)}
        columns={[
          {
            accessor: 'name',
            title: t('integrations.connection'),
            isPrimary: true,
            render: (i) => (
              <Stack gap={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {PLATFORM_NAMES[i.platform]}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'campaign_id',
            title: t('integrations.defaultCampaign'),
            render: (i) =>
              i.campaign_id === null ? (
                <Text size="sm" c="dimmed">
                  {t('integrations.noDefaultCampaign')}
                </Text>
              ) : (
                <Text size="sm">{campaignName(i.campaign_id)}</Text>
              ),
          },
          {
            accessor: 'active',
            title: t('integrations.status'),
            render: (i) => (
              <Group gap={6} wrap="wrap">
                <StatusBadge color={i.active ? 'green' : 'gray'}>
                  {i.active ? t('integrations.active') : t('integrations.paused')}
                </StatusBadge>
                {i.needs_attention > 0 && (
                  <StatusBadge color="orange">
                    {t('integrations.needsAttentionCount', { count: i.needs_attention })}
                  </StatusBadge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'last_delivery_at',
            title: t('integrations.lastDelivery'),
            render: (i) =>
              i.last_delivery_at ? formatDateTime(i.last_delivery_at, i18n.language) : t('integrations.never'),
          },
          {
            accessor: 'actions',
            title: t('integrations.actions'),
            isActions: true,
            render: (i) => (
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button
                  size="compact-sm"
                  variant={i.id === selectedId ? 'filled' : 'light'}
                  leftSection={<IconList size={14} />}
                  onClick={() => onSelect(i.id)}
                  aria-label={t('integrations.openPanelOf', { name: i.name })}
                  aria-pressed={i.id === selectedId}
                >
                  {t('integrations.open')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('integrations.moreFor', { name: i.name })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onEdit(i)}>{t('integrations.edit')}</Menu.Item>
                    <Menu.Item onClick={() => toggle(i)}>
                      {i.active ? t('integrations.pause') : t('integrations.resume')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setDeleting(i)}>
                      {t('integrations.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('integrations.deleteTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('integrations.deleteText', { name: deleting?.name ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('integrations.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              {t('integrations.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
