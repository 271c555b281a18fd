import type { PayoutBatch } from '@contract/payouts';
import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { useRefreshLedger } from '../../../features/ledger/api/ledger';
import { RedemptionRules } from '../../../features/ledger/components/redemption-rules';
import { RedemptionsTable } from '../../../features/ledger/components/redemptions-table';
import { useNetworks } from '../../../features/networks/api/networks';
import { CreatePayoutBatchBar } from '../../../features/payouts/components/create-payout-batch';
import { InvoicesReview } from '../../../features/payouts/components/invoices-review';
import { PayoutBatchDrawer } from '../../../features/payouts/components/payout-batch-drawer';
import { PayoutBatchesTable } from '../../../features/payouts/components/payout-batches-table';
import { WithholdingSettingsCard } from '../../../features/tax/components/withholding-settings-card';
import { useTranslation } from '../../../i18n';
import { formatMoney } from '../../../lib/format';

type Tab = 'redemptions' | 'batches' | 'taxes';

/**
 * Every redemption request, decided one by one or paid in batches: approved requests ticked in the
 * list (or every one up to a day) become a payout batch, opened beside the batches' list. The tab and
 * the open batch live in the address (`?tab=batches&batch=12`), so a batch can be linked to.
 */
export default function AdminRedemptionHistoryScreen() {
  const { t, i18n } = useTranslation();
  const networks = useNetworks();
  const refreshLedger = useRefreshLedger();
  const [params, setParams] = useSearchParams();
  const options = (networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  const asked = params.get('tab');
  const tab: Tab = asked === 'batches' || asked === 'taxes' ? asked : 'redemptions';
  const batchId = Number(params.get('batch')) || null;
  /** The batch just made here: the batches' tab says so above the list. */
  const [created, setCreated] = useState<PayoutBatch | null>(null);
  const go = (next: { tab: Tab; batch?: number }) =>
    setParams(
      (current) => {
        const following = new URLSearchParams(current);
        if (next.tab === 'redemptions') following.delete('tab');
        else following.set('tab', next.tab);
        if (next.batch) following.set('batch', String(next.batch));
        else following.delete('batch');
        return following;
      },
      // Opening a batch is a step Back returns from; switching tabs or closing it is not.
      { replace: !next.batch },
    );
  const createdBatch = (batch: PayoutBatch) => {
    setCreated(batch);
    go({ tab: 'batches', batch: batch.id });
  };

  return (
    <>
      <PageHeader title={t('screens.adminRedemptionHistory')} description={t('ledger.adminDescription')} />
      <RedemptionRules />
      <Tabs
        value={tab}
        onChange={(value) => {
          setCreated(null);
          go({ tab: value === 'batches' || value === 'taxes' ? value : 'redemptions' });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="redemptions">{t('payouts.tabs.redemptions')}</Tabs.Tab>
          <Tabs.Tab value="batches">{t('payouts.tabs.batches')}</Tabs.Tab>
          <Tabs.Tab value="taxes">{t('payouts.tabs.taxes')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="redemptions">
          <RedemptionsTable
            admin
            networks={options}
            selectionBar={({ selected, clear }) => (
              <CreatePayoutBatchBar picked={selected} onClear={clear} onCreated={createdBatch} />
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="batches">
          <FormAlert
            tone="success"
            mb="md"
            message={
              created &&
              t('payouts.created', {
                id: created.id,
                count: created.item_count,
                amount: formatMoney(created.total_cents, i18n.language),
              })
            }
          />
          <PayoutBatchesTable onOpen={(id) => go({ tab: 'batches', batch: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="taxes">
          {/* The company invoices to check, and the rates withheld from people (docs/decisions/038). */}
          <Stack gap="xl">
            <InvoicesReview />
            <WithholdingSettingsCard />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <PayoutBatchDrawer batchId={batchId} onClose={() => go({ tab })} onChanged={refreshLedger} />
    </>
  );
}
