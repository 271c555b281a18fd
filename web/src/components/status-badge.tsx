import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status as a light badge of its colour. Its full text always shows (the theme's Badge styles keep
 * it from being squeezed), so a status is read, never guessed from "CANCEL…".
 */
export function StatusBadge({ color, children, ...props }: { color: string; children: ReactNode } & BadgeProps) {
  return (
    <Badge variant="light" color={color} {...props}>
      {children}
    </Badge>
  );
}
