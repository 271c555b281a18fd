import type { PeriodQuery } from '@contract/metrics';
import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { PeriodPicker } from './period-picker';

/** Period and network, the filters every admin metrics screen takes. */
export function MetricsFilters({
  onPeriod,
  networkId,
  onNetwork,
  networks,
  children,
}: {
  onPeriod: (period: Pick<PeriodQuery, 'from' | 'to'>) => void;
  networkId: string | null;
  onNetwork: (id: string | null) => void;
  networks: { value: string; label: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="lg">
      <PeriodPicker onChange={onPeriod} />
      <Group gap="sm" align="flex-end">
        {children}
        <Select
          aria-label={t('sales.network')}
          placeholder={t('sales.anyNetwork')}
          clearable
          data={networks}
          value={networkId}
          onChange={onNetwork}
          w={220}
        />
      </Group>
    </Group>
  );
}
