import type { WebhookEndpoint } from '@contract/webhooks';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconDots, IconList, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from '../api/webhooks';
import { eventKey } from './event-key';

/**
 * The endpoints: address, events, whether they are on, and how many attempts failed in a row; each
 * row opens its log, and its menu edits, turns it on or off, rotates its secret or deletes it.
 */
export function WebhookEndpoints({
  endpoints,
  isLoading,
  error,
  selectedId,
  onSelect,
  onEdit,
  onSecret,
}: {
  endpoints: WebhookEndpoint[];
  isLoading: boolean;
  error: unknown;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [alert, setAlert] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null>(null);

  const toggle = async (endpoint: WebhookEndpoint) => {
    setAlert(null);
    await update
      .mutateAsync({ id: endpoint.id, body: { enabled: !endpoint.enabled } })
      .catch((e) => setAlert(errorMessage(e, t)));
  };
  const confirmed = async () => {
    if (!confirm) return;
    setAlert(null);
    try {
      if (confirm.kind === 'rotate') onSecret((await rotate.mutateAsync(confirm.endpoint.id)).secret);
      else await remove.mutateAsync(confirm.endpoint.id);
    } catch (e) {
      setAlert(errorMessage(e, t));
    }
    setConfirm(null);
  };

  return (
    <Stack gap="sm">
      <FormAlert message={error ? errorMessage(error, t) : alert} />
      <ResponsiveDataTable<WebhookEndpoint>
        fetching={isLoading}
        records={endpoints}
        noRecordsIcon={<IconWebhook size={36} stroke={1.4} />}
        noRecordsText={t('webhooks.empty')}
        minHeight={180}
        rowColor={(e) => (e.id === selectedId ? { light: 'blue.0', dark: 'dark.5' } : undefined)}
        columns={[
          {
            accessor: 'url',
            title: t('webhooks.url'),
            isPrimary: true,
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                  {e.url}
                </Text>
                {e.description && (
                  <Text size="xs" c="dimmed">
                    {e.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'events',
            title: t('webhooks.events'),
            render: (e) => (
              <Text size="sm">{e.events.map((event) => t(`webhooks.eventNames.${eventKey(event)}`)).join(', ')}</Text>
            ),
          },
          {
            accessor: 'enabled',
            title: t('webhooks.status'),
            render: (e) =>
              e.enabled ? (
                <StatusBadge color="green">{t('webhooks.enabled')}</StatusBadge>
              ) : (
                <StatusBadge color={e.disabled_reason === 'failing' ? 'red' : 'gray'}>
                  {e.disabled_reason === 'failing' ? t('webhooks.disabledFailing') : t('webhooks.disabled')}
                </StatusBadge>
              ),
          },
          { accessor: 'failure_count', title: t('webhooks.failures'), textAlign: 'right' },
          {
            accessor: 'actions',
            title: t('webhooks.actions'),
            isActions: true,
            render: (e) => (
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button
                  size="compact-sm"
                  variant={e.id === selectedId ? 'filled' : 'light'}
                  leftSection={<IconList size={14} />}
                  onClick={() => onSelect(e.id)}
                  aria-label={t('webhooks.showLogOf', { url: e.url })}
                  aria-pressed={e.id === selectedId}
                >
                  {t('webhooks.log')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('webhooks.moreFor', { url: e.url })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onEdit(e)}>{t('webhooks.edit')}</Menu.Item>
                    <Menu.Item onClick={() => toggle(e)}>
                      {e.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                    </Menu.Item>
                    <Menu.Item onClick={() => setConfirm({ kind: 'rotate', endpoint: e })}>
                      {t('webhooks.rotate')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', endpoint: e })}>
                      {t('webhooks.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.kind === 'rotate' ? t('webhooks.rotateTitle') : t('webhooks.deleteTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {confirm?.kind === 'rotate'
              ? t('webhooks.rotateText', { url: confirm.endpoint.url })
              : t('webhooks.deleteText', { url: confirm?.endpoint.url ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('webhooks.cancel')}
            </Button>
            <Button
              color={confirm?.kind === 'delete' ? 'red' : undefined}
              loading={rotate.isPending || remove.isPending}
              onClick={confirmed}
            >
              {confirm?.kind === 'rotate' ? t('webhooks.rotate') : t('webhooks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
