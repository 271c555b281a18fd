import { Skeleton, Stack } from '@mantine/core';

/** A list's rows while its first page loads, announced to screen readers as loading. */
export function ListSkeleton({
  label,
  rows = 3,
  rowHeight = 44,
}: {
  label: string;
  rows?: number;
  rowHeight?: number;
}) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} h={rowHeight} />
      ))}
    </Stack>
  );
}
