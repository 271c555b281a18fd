import 'mantine-datatable/styles.css';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  type MantineColor,
  Pagination,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  useComputedColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
  getValueAtPath,
} from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

/** Below the `sm` breakpoint (the layout's phone width) rows become cards. */
const PHONE_QUERY = '(max-width: 47.99em)';

/** A column of the table, and a labelled line of the card a row becomes on a phone. */
export type ResponsiveColumn<T> = DataTableColumn<T> & {
  /** The card's heading (a name, a number): first, in bold, without its label. */
  isPrimary?: boolean;
  /** The row's buttons: at the card's foot, without a label. */
  isActions?: boolean;
  /** Left out of the card: a detail that the table itself shows on wide screens only. */
  isHiddenInCard?: boolean;
};

type RowColor = MantineColor | { light: MantineColor; dark: MantineColor } | undefined;

export type ResponsiveDataTableProps<T> = {
  columns: ResponsiveColumn<T>[];
  records: T[];
  /** The field naming a record: `id` unless told. */
  idAccessor?: keyof T & string;
  fetching?: boolean;
  noRecordsText: string;
  noRecordsIcon?: ReactNode;
  minHeight?: number;
  /** Paged by the server; the cards get the same pages. */
  pagination?: { page: number; onPageChange: (page: number) => void; totalRecords: number; recordsPerPage: number };
  /** Sorting is the table's: the cards keep the order it chose. */
  sort?: { status: DataTableSortStatus<T>; onChange: (status: DataTableSortStatus<T>) => void };
  selection?: {
    selected: T[];
    onChange: (records: T[]) => void;
    /** A row checkbox's accessible name. */
    label?: (record: T) => string;
    allLabel?: string;
    /** Rows that can be picked (the others show no checkbox); every row unless told. */
    isSelectable?: (record: T) => boolean;
  };
  /** A row's details: the table opens them by a click on the row, a card by its own button. */
  expansion?: {
    expanded: (string | number)[];
    onChange: (ids: (string | number)[]) => void;
    content: (record: T) => ReactNode;
  };
  rowColor?: (record: T) => RowColor;
  highlightOnHover?: boolean;
  /** The table sits in a card of its own (a titled panel): drawn without a second border. */
  inCard?: boolean;
  /** Rows closer together, for a panel's short list. */
  dense?: boolean;
};

/**
 * A list of records: the Mantine data table from the `sm` breakpoint up, and below it one card per
 * record, made of the same columns. A card is a description list (each value labelled by its column
 * title, for the eye and for screen readers), headed by the primary columns and ending with the
 * row's actions, so a phone shows every figure that matters without scrolling sideways.
 */
export function ResponsiveDataTable<T>(props: ResponsiveDataTableProps<T>) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return isPhone ? <RecordCards {...props} /> : <RecordTable {...props} />;
}

function RecordTable<T>({
  columns,
  records,
  idAccessor = 'id' as keyof T & string,
  fetching,
  noRecordsText,
  noRecordsIcon,
  minHeight,
  pagination,
  sort,
  selection,
  expansion,
  rowColor,
  highlightOnHover,
  inCard,
  dense,
}: ResponsiveDataTableProps<T>) {
  const { t } = useTranslation();
  const tableColumns = columns.map(({ isPrimary: _p, isActions: _a, isHiddenInCard: _h, ...column }) => column);
  // mantine-datatable types each feature as "all of its props or none": built up, then given whole.
  const props = {
    columns: tableColumns,
    records,
    idAccessor,
    fetching,
    noRecordsText,
    noRecordsIcon,
    minHeight: records.length ? undefined : (minHeight ?? 200),
    highlightOnHover,
    verticalSpacing: dense ? 'xs' : 'sm',
    rowBackgroundColor: rowColor,
    // The table's own words (its pager's buttons, its loader) in the person's language.
    loadingText: t('common.loading'),
    ...(pagination && {
      page: pagination.page,
      onPageChange: pagination.onPageChange,
      totalRecords: pagination.totalRecords,
      recordsPerPage: pagination.recordsPerPage,
      getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
        'aria-label': t(`table.${control}`),
      }),
    }),
    ...(sort && { sortStatus: sort.status, onSortStatusChange: sort.onChange }),
    ...(selection && {
      selectedRecords: selection.selected,
      onSelectedRecordsChange: selection.onChange,
      isRecordSelectable: selection.isSelectable,
      getRecordSelectionCheckboxProps: (record: T, index: number) => ({
        'aria-label': selection.label?.(record) ?? `${t('table.select')} ${index + 1}`,
      }),
      allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel ?? t('table.selectAll') },
    }),
    ...(expansion && {
      rowExpansion: {
        allowMultiple: true,
        expanded: { recordIds: expansion.expanded, onRecordIdsChange: expansion.onChange },
        content: ({ record }: { record: T }) => expansion.content(record),
      },
    }),
  } as DataTableProps<T>;
  if (inCard) return <DataTable<T> {...props} />;
  return (
    <Card withBorder padding={0}>
      <DataTable<T> {...props} />
    </Card>
  );
}

function RecordCards<T>({
  columns,
  records,
  idAccessor = 'id' as keyof T & string,
  fetching,
  noRecordsText,
  noRecordsIcon,
  pagination,
  selection,
  expansion,
  rowColor,
}: ResponsiveDataTableProps<T>) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const idOf = (record: T) => record[idAccessor] as string | number;
  const cellOf = (column: ResponsiveColumn<T>, record: T, index: number): ReactNode =>
    column.render ? column.render(record, index) : (getValueAtPath(record, String(column.accessor)) as ReactNode);
  const visible = columns.filter((c) => !c.isHiddenInCard && !c.hidden);
  const primary = visible.filter((c) => c.isPrimary);
  const actions = visible.filter((c) => c.isActions);
  const lines = visible.filter((c) => !c.isPrimary && !c.isActions);
  const isSelected = (record: T) => selection?.selected.some((s) => idOf(s) === idOf(record)) ?? false;
  const toggle = (record: T) =>
    selection?.onChange(
      isSelected(record) ? selection.selected.filter((s) => idOf(s) !== idOf(record)) : [...selection.selected, record],
    );
  const canSelect = (record: T) => selection !== undefined && (selection.isSelectable?.(record) ?? true);
  const pages = pagination ? Math.ceil(pagination.totalRecords / pagination.recordsPerPage) : 1;

  if (records.length === 0) {
    return fetching ? (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={132} radius="md" />
        ))}
      </Stack>
    ) : (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs" py="md">
          {noRecordsIcon && (
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              {noRecordsIcon}
            </ThemeIcon>
          )}
          <Text c="dimmed" ta="center" size="sm">
            {noRecordsText}
          </Text>
        </Stack>
      </Card>
    );
  }

  const selectable = records.filter(canSelect);
  const allSelected = selectable.length > 0 && selectable.every(isSelected);
  return (
    <Stack gap="sm" aria-busy={fetching || undefined} style={{ opacity: fetching ? 0.6 : 1 }}>
      {selection && selectable.length > 0 && (
        <Checkbox
          label={selection.allLabel ?? t('table.selectAll')}
          checked={allSelected}
          indeterminate={!allSelected && selectable.some(isSelected)}
          onChange={() =>
            selection.onChange(
              allSelected
                ? selection.selected.filter((s) => !selectable.some((r) => idOf(r) === idOf(s)))
                : [...selection.selected, ...selectable.filter((r) => !isSelected(r))],
            )
          }
        />
      )}
      <Box
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
      >
        {records.map((record, index) => {
          const id = idOf(record);
          const isOpen = expansion?.expanded.includes(id) ?? false;
          const color = rowColor?.(record);
          const background = typeof color === 'object' ? color[scheme] : color;
          return (
            <Card key={String(id)} component="li" withBorder padding="sm" bg={background} data-testid="record-card">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {canSelect(record) && selection && (
                  <Checkbox
                    mt={2}
                    checked={isSelected(record)}
                    onChange={() => toggle(record)}
                    aria-label={selection.label?.(record) ?? t('table.select')}
                  />
                )}
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }} fw={600}>
                  {primary.map((column) => (
                    <Box key={String(column.accessor)}>{cellOf(column, record, index)}</Box>
                  ))}
                </Stack>
              </Group>
              <Box
                component="dl"
                m={0}
                mt={primary.length ? 'xs' : 0}
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
                  gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
                }}
              >
                {lines.map((column) => (
                  <Box key={String(column.accessor)} style={{ minWidth: 0 }}>
                    <Text component="dt" size="xs" c="dimmed">
                      {column.title}
                    </Text>
                    <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {cellOf(column, record, index)}
                    </Box>
                  </Box>
                ))}
              </Box>
              {(actions.length > 0 || expansion) && (
                <Group gap="xs" justify="space-between" mt="sm" wrap="wrap">
                  {expansion ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      rightSection={
                        <IconChevronDown
                          size={14}
                          style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
                          aria-hidden
                        />
                      }
                      aria-expanded={isOpen}
                      onClick={() =>
                        expansion.onChange(
                          isOpen ? expansion.expanded.filter((e) => e !== id) : [...expansion.expanded, id],
                        )
                      }
                    >
                      {t('table.details')}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {actions.map((column) => (
                    <Box key={String(column.accessor)}>{cellOf(column, record, index)}</Box>
                  ))}
                </Group>
              )}
              {expansion && (
                <Collapse expanded={isOpen} keepMounted={false}>
                  <Box mx="calc(var(--mantine-spacing-sm) * -1)">{expansion.content(record)}</Box>
                </Collapse>
              )}
            </Card>
          );
        })}
      </Box>
      {pagination && pages > 1 && (
        <Pagination
          total={pages}
          value={pagination.page}
          onChange={pagination.onPageChange}
          size="sm"
          siblings={0}
          style={{ alignSelf: 'center' }}
          getControlProps={(control) => ({
            'aria-label': t(`table.${control}`),
          })}
        />
      )}
    </Stack>
  );
}
