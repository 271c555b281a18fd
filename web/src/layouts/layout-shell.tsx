import { Box, Group } from '@mantine/core';
import { BrandMark } from '../components/brand-mark';
import { ScreenSpinner } from '../components/screen-spinner';

/** The header's height: the layout's bar, this stand-in's, and index.html's (60px there). */
export const HEADER_HEIGHT = 60;

/**
 * What a signed-in page shows while the layout's code arrives: the header's bar with the mark where
 * the layout draws them, and the spinner. On a slow phone the person sees the portal at once instead
 * of a blank page (docs/decisions/019). Only what the entry already has: no layout code, no full sheet.
 */
export function LayoutShell() {
  return (
    <>
      <Box
        component="header"
        h={HEADER_HEIGHT}
        px="md"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" gap="xs" wrap="nowrap">
          {/* Where the phone's menu button will be. */}
          <Box w={28} hiddenFrom="sm" />
          <BrandMark />
        </Group>
      </Box>
      <Box pt={HEADER_HEIGHT}>
        <ScreenSpinner />
      </Box>
    </>
  );
}
