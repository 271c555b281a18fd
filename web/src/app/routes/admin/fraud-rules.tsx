import { Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ChargebackRatesTable } from '../../../features/fraud/components/chargeback-rates-table';
import { ClickFloodsTable } from '../../../features/fraud/components/click-floods-table';
import { FraudRulesForm } from '../../../features/fraud/components/fraud-rules-form';
import { PeriodPicker } from '../../../features/metrics/components/period-picker';
import { DEFAULT_PERIOD, type Period } from '../../../features/metrics/period';
import { useTranslation } from '../../../i18n';

/** /admin/regras-antifraude: the fraud rules, the chargeback rates they watch, and the click floods they caught. */
export default function FraudRulesScreen() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  return (
    <>
      <PageHeader title={t('screens.adminFraudRules')} description={t('fraud.description')} />
      <Stack gap="xl">
        <FraudRulesForm />
        {/* Over the chargeback rule's own days, whatever period the click floods below are shown for. */}
        <ChargebackRatesTable />
        <Stack gap="md">
          <PeriodPicker onChange={setPeriod} />
          <ClickFloodsTable period={period} />
        </Stack>
      </Stack>
    </>
  );
}
