import 'mantine-datatable/styles.css';
import type { Affiliate } from '@contract/affiliates';
import type { NetworkDetails } from '@contract/networks';
import { Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { useAffiliateSearch, useNetworkMembership } from '../api/networks';
import { personColumns } from './person-columns';

/** Search approved affiliates and add them; one in another network moves only after a confirmation. */
export function AddNetworkMember({ network }: { network: NetworkDetails }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const results = useAffiliateSearch(q);
  const { add } = useNetworkMembership(network.id);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [moving, setMoving] = useState<{ affiliate: Affiliate; from: string } | null>(null);
  const memberIds = new Set(network.members.map((m) => m.affiliate_id));

  async function addAffiliate(affiliate: Affiliate, move = false) {
    setFeedback(null);
    const name = `${affiliate.first_name} ${affiliate.last_name}`;
    try {
      await add.mutateAsync({ affiliateId: affiliate.id, move });
      setFeedback({ tone: 'success', text: t('networks.added', { name, network: network.name }) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IN_OTHER_NETWORK') {
        setMoving({ affiliate, from: String(error.problem.current_network ?? '') });
      } else {
        setFeedback({ tone: 'error', text: errorMessage(error, t) });
      }
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={feedback?.text} tone={feedback?.tone} />
      <TextInput
        label={t('networks.searchLabel')}
        placeholder={t('networks.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      <Card withBorder padding={0}>
        <DataTable<Affiliate>
          minHeight={results.data?.items.length ? undefined : 200}
          fetching={results.isFetching}
          records={results.data?.items ?? []}
          noRecordsText={t('networks.noResults')}
          verticalSpacing="sm"
          columns={[
            ...personColumns<Affiliate>(t),
            {
              accessor: 'actions',
              title: t('affiliates.actions'),
              textAlign: 'right',
              render: (a) =>
                memberIds.has(a.id) ? (
                  <Text size="sm" c="dimmed">
                    {t('networks.alreadyMember')}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    onClick={() => addAffiliate(a)}
                    loading={add.isPending && add.variables?.affiliateId === a.id}
                    aria-label={`${t('networks.add')} ${a.first_name} ${a.last_name}`}
                  >
                    {t('networks.add')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal opened={moving !== null} onClose={() => setMoving(null)} title={t('networks.moveTitle')} centered>
        <Stack gap="md">
          <Text size="sm">
            {t('networks.moveText', {
              name: `${moving?.affiliate.first_name ?? ''} ${moving?.affiliate.last_name ?? ''}`,
              from: moving?.from ?? '',
              to: network.name,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setMoving(null)}>
              {t('twoFactor.cancel')}
            </Button>
            <Button
              onClick={async () => {
                const target = moving?.affiliate;
                setMoving(null);
                if (target) await addAffiliate(target, true);
              }}
            >
              {t('networks.move')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
