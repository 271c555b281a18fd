import type { Creative } from '@contract/creatives';
import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconDownload, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useCreatives, useDownloadCreative } from '../api/get-creatives';
import { CreativeFileLine, CreativeImage } from './creative-media';

/**
 * "Materials to share": what the campaign gives the signed-in affiliate, with their link, coupon and
 * name already in the texts. The server leaves out what is not meant for them.
 */
export function SharedCreatives({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const creatives = useCreatives(campaignId);
  const items = creatives.data ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="shared-creatives-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="shared-creatives-title">
            {t('creatives.shareTitle')}
          </Title>
          {items.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('creatives.shareHelp')}
            </Text>
          )}
        </Stack>
        {creatives.isPending ? (
          <ListSkeleton label={t('creatives.loading')} rows={2} rowHeight={120} />
        ) : creatives.isError ? (
          <FormAlert message={errorMessage(creatives.error, t)} />
        ) : items.length === 0 ? (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconPhotoPlus size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('creatives.shareNone')}
            </Text>
          </Group>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {items.map((creative) => (
              <SharedCreative key={creative.id} creative={creative} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** Side by side, each from its own label's width, sharing what is left: a label is never cut. */
const GROW = { flex: '1 1 auto' };

function SharedCreative({ creative }: { creative: Creative }) {
  const { t } = useTranslation();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const text = creative.filled_text ?? creative.text;
  const fileUrl = creative.file_url;
  const clipboard = useClipboard({ timeout: 2000 });
  const save = useDownloadCreative();

  async function download() {
    if (!fileUrl) return;
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await save(creative);
    } catch (error) {
      setDownloadError(errorMessage(error, t));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={creative.title} data-testid="shared-creative">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {creative.title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`creatives.kinds.${creative.kind}`)}
          </Badge>
        </Group>
        {creative.kind === 'image' && <CreativeImage creative={creative} height={220} />}
        {creative.kind === 'file' && <CreativeFileLine creative={creative} />}
        {text && (
          <Text
            size="sm"
            p="sm"
            bg="var(--mantine-color-default-hover)"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 'var(--mantine-radius-sm)' }}
            data-testid="creative-text"
          >
            {text}
          </Text>
        )}
        <FormAlert message={downloadError} />
        {/* At the card's foot, so the buttons of a row of cards line up; whole-width on a phone. */}
        <Stack gap="xs" mt="auto">
          {creative.whatsapp_url && (
            <Button
              component="a"
              href={creative.whatsapp_url}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              variant="light"
              leftSection={<IconBrandWhatsapp size={18} />}
              aria-label={t('creatives.whatsappNamed', { title: creative.title })}
            >
              {t('creatives.whatsapp')}
            </Button>
          )}
          <Group gap="xs">
            {text && (
              <Button
                style={GROW}
                variant={clipboard.copied ? 'filled' : 'light'}
                color={clipboard.copied ? 'teal' : undefined}
                leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={() => clipboard.copy(text)}
                aria-label={t('creatives.copyNamed', { title: creative.title })}
              >
                {clipboard.copied ? t('creatives.copied') : t('creatives.copy')}
              </Button>
            )}
            {fileUrl && (
              <Button
                style={GROW}
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={download}
                loading={isDownloading}
                aria-label={t('creatives.downloadNamed', { title: creative.title })}
              >
                {t('creatives.download')}
              </Button>
            )}
          </Group>
          {/* The copy button keeps its name; the copy itself is announced here. */}
          <VisuallyHidden role="status">{clipboard.copied ? t('creatives.copied') : ''}</VisuallyHidden>
        </Stack>
      </Stack>
    </Paper>
  );
}
