import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** The layout of /auth/* and the error page: no menu, the screen centred on a calm background. */
export function BlankLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" py={{ base: 'lg', sm: 48 }}>
      <Container size={480} component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
