import { Card, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useRedemptionRules, useSetRedemptionRules } from '../api/ledger';

/** The programme's redemption rule an admin can change: one open request per affiliate at a time. */
export function RedemptionRules() {
  const { t } = useTranslation();
  const rules = useRedemptionRules();
  const save = useSetRedemptionRules();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card withBorder padding="md" mb="lg">
      <Switch
        label={t('ledger.rulesTitle')}
        description={t('ledger.rulesHelp')}
        checked={rules.data?.one_open_at_a_time ?? true}
        disabled={rules.isPending || save.isPending}
        onChange={(event) => {
          setProblem(null);
          save.mutate(
            { one_open_at_a_time: event.currentTarget.checked },
            { onError: (error) => setProblem(errorMessage(error, t)) },
          );
        }}
      />
      <FormAlert message={problem} mt="sm" />
      {rules.isError && (
        <Text size="sm" c="red.8">
          {errorMessage(rules.error, t)}
        </Text>
      )}
    </Card>
  );
}
