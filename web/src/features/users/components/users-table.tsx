import type { ManagedUser, UserListQuery } from '@contract/users';
import { Anchor, Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { useUsers } from '../api/users';

const PAGE_SIZE = 20;

/** A registration held back, by how it stands: waiting, refused, or stopped after approval. */
const REGISTRATION_COLOR = { pending: 'yellow', rejected: 'red', suspended: 'orange' } as const;

type SortKey = 'name' | 'email' | 'created_at';

/** /admin/usuarios: everyone, searched, filtered and sorted by the server, a page at a time. */
export function UsersTable() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>('active');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<ManagedUser>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const key = sort.columnAccessor as SortKey;
  const query: UserListQuery = {
    q: q || undefined,
    role: (role as UserListQuery['role']) ?? undefined,
    status: (status as UserListQuery['status']) ?? undefined,
    sort: sort.direction === 'asc' ? key : (`-${key}` as UserListQuery['sort']),
    page,
    page_size: PAGE_SIZE,
  };
  const users = useUsers(query);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          aria-label={t('users.role')}
          placeholder={t('users.anyRole')}
          clearable
          value={role}
          onChange={(value) => {
            setRole(value);
            setPage(1);
          }}
          data={[
            { value: 'Administrador', label: t('users.roles.Administrador') },
            { value: 'Afiliado', label: t('users.roles.Afiliado') },
          ]}
          w={200}
        />
        <Select
          aria-label={t('users.status')}
          placeholder={t('users.anyStatus')}
          clearable
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data={[
            { value: 'active', label: t('users.active') },
            { value: 'deactivated', label: t('users.deactivated') },
          ]}
          w={180}
        />
      </Group>
      <FormAlert message={users.isError ? errorMessage(users.error, t) : null} />
      <ResponsiveDataTable<ManagedUser>
        minHeight={220}
        fetching={users.isFetching}
        records={users.data?.items ?? []}
        pagination={{ page, onPageChange: setPage, totalRecords: users.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
        sort={{
          status: sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
        }}
        noRecordsIcon={<IconUsers size={36} stroke={1.4} />}
        noRecordsText={t('users.empty')}
        highlightOnHover
        columns={[
          {
            accessor: 'name',
            title: t('affiliates.name'),
            sortable: true,
            isPrimary: true,
            render: (u) => (
              <Anchor component={Link} to={pathTo('adminUserEdit', { id: u.id })} fw={600} size="sm">
                {u.first_name} {u.last_name}
              </Anchor>
            ),
          },
          { accessor: 'email', title: t('affiliates.email'), sortable: true },
          {
            accessor: 'role',
            title: t('users.role'),
            render: (u) => (
              <Badge variant="light" color={u.role === 'Administrador' ? 'violet' : 'brand'}>
                {t(`users.roles.${u.role}`)}
              </Badge>
            ),
          },
          {
            accessor: 'active',
            title: t('users.status'),
            // Two things, each named: the account (can this person sign in, as the Status filter
            // asks) and, for an affiliate held back, the registration ("Active / Rejected" read as
            // a contradiction).
            render: (u) => (
              <Stack gap={4} align="flex-start">
                {u.active ? (
                  <Text size="sm">{t('users.accountActive')}</Text>
                ) : (
                  <StatusBadge color="gray">{t('users.accountDeactivated')}</StatusBadge>
                )}
                {u.affiliate_status && u.affiliate_status !== 'approved' && (
                  <StatusBadge color={REGISTRATION_COLOR[u.affiliate_status]}>
                    {t(`users.affiliateStatuses.${u.affiliate_status}`)}
                  </StatusBadge>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'created_at',
            title: t('users.createdAt'),
            sortable: true,
            render: (u) => formatDate(u.created_at, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
        ]}
      />
    </Stack>
  );
}
