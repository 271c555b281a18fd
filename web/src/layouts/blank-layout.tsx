import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { ColorModeToggle, LanguageSelect } from './page-controls';

/** The layout of /auth/* and the error page: no menu, the screen centred, language and mode at hand. */
export function BlankLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="flex-end" px="md" gap="xs">
        <LanguageSelect />
        <ColorModeToggle />
      </Group>
      <Container size={480} component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
