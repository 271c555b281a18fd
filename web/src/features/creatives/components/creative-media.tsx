import type { Creative, CreativeKind } from '@contract/creatives';
import { Box, Center, Group, Image, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconMessage, IconPhoto, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { formatNumber } from '../../../lib/format';
import { useCreativeImageUrl } from '../api/get-creatives';

export const KIND_ICON: Record<CreativeKind, typeof IconMessage> = {
  text: IconMessage,
  image: IconPhoto,
  file: IconFileTypePdf,
};

/** 812 KB, 3.4 MB: as a person reads a file's weight. */
export function sizeOf(bytes: number, language: string): string {
  const isLarge = bytes >= 1024 * 1024;
  return formatNumber(isLarge ? bytes / 1024 / 1024 : Math.max(1, Math.round(bytes / 1024)), language, {
    style: 'unit',
    unit: isLarge ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  });
}

/**
 * An image creative's picture, fetched with the session, in a box of a fixed height so the cards
 * of a grid line up whatever the picture's shape (it is shown whole, never cropped).
 */
export function CreativeImage({ creative, height }: { creative: Creative; height: number }) {
  const { t } = useTranslation();
  const image = useCreativeImageUrl(creative);
  if (creative.file_url === null || image.isError) {
    return (
      <Center h={height} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <IconPhotoOff size={28} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  }
  if (!image.url) return <Skeleton h={height} radius="sm" />;
  return (
    <Box bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Image src={image.url} alt={t('creatives.preview', { title: creative.title })} h={height} fit="contain" />
    </Box>
  );
}

/** A file creative's PDF: its name and weight, or a word that none was uploaded yet. */
export function CreativeFileLine({ creative }: { creative: Creative }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon variant="light" color="red" size="lg" aria-hidden>
        <IconFileTypePdf size={20} />
      </ThemeIcon>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {creative.file_name && creative.byte_size !== null
          ? t('creatives.fileOf', { name: creative.file_name, size: sizeOf(creative.byte_size, i18n.language) })
          : t('creatives.noFileYet')}
      </Text>
    </Group>
  );
}
