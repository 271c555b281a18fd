import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark';

/** The frame of every /auth screen: the mark, a title, one line of help, the form, links under it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  withBrand = true,
}: {
  title: string;
  /** The mark above the card: off where the page around it carries it (/programa). */
  withBrand?: boolean;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {withBrand && (
        <Center>
          <BrandMark size="lg" />
        </Center>
      )}
      {/* The theme's radius and shadow: the settings' (SPEC.md §1: radius 12, card shadow on). */}
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
      {footer && (
        <Text ta="center" size="sm">
          {footer}
        </Text>
      )}
    </Stack>
  );
}
