import type { Creative } from '@contract/creatives';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPhotoPlus, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useCreatives } from '../api/get-creatives';
import { useDeleteCreative } from '../api/save-creative';
import { CreativeFormModal } from './creative-form-modal';
import { CreativeFileLine, CreativeImage, KIND_ICON } from './creative-media';
import { type Option, visibilityLabel } from './visibility-fields';

/** A campaign's creatives as an admin manages them: each with its preview and who sees it. */
export function AdminCreatives({
  campaignId,
  levels,
  networks,
}: {
  campaignId: number;
  levels: Option[];
  networks: Option[];
}) {
  const { t } = useTranslation();
  const creatives = useCreatives(campaignId);
  const remove = useDeleteCreative();
  const [editing, setEditing] = useState<Creative | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Creative | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setFeedback({ tone: 'success', text: t('creatives.deleted', { title: deleting.title }) });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
    setDeleting(null);
  }

  const items = creatives.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 18rem' }}>
          <Title order={2} fz="lg">
            {t('creatives.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('creatives.adminHelp')}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setFeedback(null);
            setEditing('new');
          }}
        >
          {t('creatives.create')}
        </Button>
      </Group>
      <FormAlert message={feedback?.text} tone={feedback?.tone} />
      {creatives.isPending ? (
        <ListSkeleton label={t('creatives.loading')} rows={3} rowHeight={120} />
      ) : creatives.isError ? (
        <FormAlert message={errorMessage(creatives.error, t)} />
      ) : items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
              <IconPhotoPlus size={26} />
            </ThemeIcon>
            <Text c="dimmed" maw={420}>
              {t('creatives.none')}
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {items.map((creative) => (
            <CreativeAdminCard
              key={creative.id}
              creative={creative}
              audience={visibilityLabel(creative.visibility, levels, networks, t)}
              onEdit={() => {
                setFeedback(null);
                setEditing(creative);
              }}
              onDelete={() => {
                setFeedback(null);
                setDeleting(creative);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <CreativeFormModal
          campaignId={campaignId}
          creative={editing === 'new' ? undefined : editing}
          levels={levels}
          networks={networks}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setFeedback({ tone: 'success', text: t('creatives.saved', { title: saved.title }) });
          }}
        />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('creatives.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('creatives.deleteText', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('creatives.cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('creatives.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CreativeAdminCard({
  creative,
  audience,
  onEdit,
  onDelete,
}: {
  creative: Creative;
  audience: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const Icon = KIND_ICON[creative.kind];
  return (
    <Card withBorder padding="md" component="article" aria-label={creative.title} data-testid="creative-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" size="md" aria-hidden>
              <Icon size={16} />
            </ThemeIcon>
            <Title order={3} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {creative.title}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('creatives.editShort')}>
              <ActionIcon
                variant="subtle"
                onClick={onEdit}
                aria-label={t('creatives.editNamed', { title: creative.title })}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('creatives.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('creatives.deleteNamed', { title: creative.title })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap" align="center">
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`creatives.kinds.${creative.kind}`)}
          </Badge>
          <Group gap={4} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }} data-testid="creative-audience">
            <IconUsers size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {audience}
            </Text>
          </Group>
        </Group>
        {creative.kind === 'image' && <CreativeImage creative={creative} height={140} />}
        {creative.kind === 'file' && <CreativeFileLine creative={creative} />}
        {creative.kind === 'image' && !creative.file_url && (
          <Text size="xs" c="orange.8">
            {t('creatives.noFileYet')}
          </Text>
        )}
        {creative.text && (
          <Text size="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {creative.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
