import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from '../../../i18n';

type Person = { first_name: string; last_name: string; email: string; code: string };

/** Name, email and code: the columns that say who an affiliate is, in every networks table. */
export function personColumns<T extends Person>(t: TFunction): DataTableColumn<T>[] {
  return [
    {
      accessor: 'name',
      title: t('affiliates.name'),
      render: (person) => (
        <Text size="sm" fw={600}>
          {person.first_name} {person.last_name}
        </Text>
      ),
    },
    {
      accessor: 'email',
      title: t('affiliates.email'),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    },
    {
      accessor: 'code',
      title: t('affiliates.code'),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    },
  ];
}
