import { ADMIN_ROLE } from '@contract/session';
import { Alert, Button, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAccount } from '../../features/account/api/account';
import { useBalance } from '../../features/ledger/api/ledger';
import { BalanceCards } from '../../features/ledger/components/balance-cards';
import { PaymentsTable } from '../../features/ledger/components/payments-table';
import { RedemptionForm } from '../../features/ledger/components/redemption-form';
import { RedemptionsTable } from '../../features/ledger/components/redemptions-table';
import { StatementTable } from '../../features/ledger/components/statement-table';
import { InvoiceUploads } from '../../features/payouts/components/invoice-uploads';
import { ReceiptsSection } from '../../features/payouts/components/receipts-section';
import { useTaxProfile } from '../../features/tax/api/tax-profile';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';
import { paths } from '../paths';

/** /resgates: balance, a request, and the history of requests, movements and payments. */
export default function RedemptionsScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const balance = useBalance();
  const account = useAccount();
  const taxProfile = useTaxProfile({ isEnabled: !isAdmin });
  if (isAdmin) {
    return (
      <>
        <PageHeader title={t('screens.redemptions')} />
        <Alert color="blue" title={t('ledger.adminOnly')}>
          <Button component={Link} to={paths.adminRedemptionHistory} mt="sm" variant="light">
            {t('ledger.toHistory')}
          </Button>
        </Alert>
      </>
    );
  }
  const pixKey = account.data?.affiliate?.pix_key ?? null;
  return (
    <>
      <PageHeader title={t('screens.redemptions')} description={t('ledger.description')} />
      <Stack gap="lg">
        <BalanceCards balance={balance.data} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {balance.data && !account.isPending ? (
              <RedemptionForm balance={balance.data} pixKey={pixKey} />
            ) : (
              <Skeleton h={320} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Tabs defaultValue="redemptions" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="redemptions">{t('ledger.tabs.redemptions')}</Tabs.Tab>
                <Tabs.Tab value="statement">{t('ledger.tabs.statement')}</Tabs.Tab>
                <Tabs.Tab value="payments">{t('ledger.tabs.payments')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="redemptions">
                <RedemptionsTable admin={false} />
              </Tabs.Panel>
              <Tabs.Panel value="statement">
                <StatementTable />
              </Tabs.Panel>
              <Tabs.Panel value="payments">
                <PaymentsTable admin={false} />
              </Tabs.Panel>
            </Tabs>
          </Grid.Col>
        </Grid>
        {taxProfile.data?.kind === 'company' && <InvoiceUploads />}
        <ReceiptsSection />
      </Stack>
    </>
  );
}
