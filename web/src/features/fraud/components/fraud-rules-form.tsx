import { DEFAULT_FRAUD_RULES, FRAUD_RULES, type FraudRule, type FraudRules } from '@contract/fraud';
import { Button, Card, Divider, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useFraudRules, useSetFraudRules } from '../api/fraud';

/** The numbers each rule is tuned by, with their limits (the contract's). */
const PARAMS: Partial<Record<FraudRule, { key: string; min: number; max: number; step?: number }[]>> = {
  fast_click: [{ key: 'seconds', min: 1, max: 3_600 }],
  conversion_spike: [
    { key: 'multiple', min: 1.5, max: 100, step: 0.5 },
    { key: 'min_clicks', min: 10, max: 1_000_000 },
    { key: 'days', min: 1, max: 365 },
  ],
  click_flooding: [
    { key: 'clicks', min: 3, max: 10_000 },
    { key: 'minutes', min: 1, max: 1_440 },
  ],
  chargeback_rate: [
    { key: 'max_percent', min: 0.1, max: 100, step: 0.1 },
    { key: 'min_sales', min: 1, max: 1_000_000 },
    { key: 'days', min: 7, max: 365 },
  ],
};

/** Each fraud rule switched on or off and tuned; saved together, applied by every server within seconds. */
export function FraudRulesForm() {
  const { t } = useTranslation();
  const current = useFraudRules();
  const save = useSetFraudRules();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm<FraudRules>({ initialValues: DEFAULT_FRAUD_RULES });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (current.data) {
      setValues(current.data);
      resetDirty();
    }
  }, [current.data, setValues, resetDirty]);

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <IconShieldCheck size={20} aria-hidden />
        {t('fraud.rulesTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('fraud.rulesDescription')}
      </Text>
      {current.isPending ? (
        <Skeleton h={360} />
      ) : (
        <form
          onSubmit={form.onSubmit(async (values) => {
            setFeedback(null);
            try {
              await save.mutateAsync(values);
              setFeedback({ tone: 'success', text: t('fraud.saved') });
            } catch (error) {
              const message = showApiError(form, error, t);
              if (message) setFeedback({ tone: 'error', text: message });
            }
          })}
        >
          <Stack gap="md">
            <FormAlert message={feedback?.text} tone={feedback?.tone} />
            {FRAUD_RULES.map((rule, index) => (
              <Fragment key={rule}>
                {index > 0 && <Divider />}
                <Stack gap="xs">
                  <Switch
                    label={t(`fraud.rules.${rule}.name`)}
                    description={t(`fraud.rules.${rule}.help`)}
                    {...form.getInputProps(`${rule}.enabled`, { type: 'checkbox' })}
                  />
                  {PARAMS[rule] && (
                    <Group gap="sm" pl={{ base: 0, sm: 'xl' }} wrap="wrap">
                      {PARAMS[rule].map((param) => (
                        <NumberInput
                          key={param.key}
                          label={t(`fraud.params.${param.key as 'seconds'}`)}
                          min={param.min}
                          max={param.max}
                          step={param.step ?? 1}
                          decimalScale={param.step ? 1 : 0}
                          allowNegative={false}
                          disabled={!form.getValues()[rule].enabled}
                          w={{ base: '100%', xs: 170 }}
                          {...form.getInputProps(`${rule}.${param.key}`)}
                        />
                      ))}
                    </Group>
                  )}
                </Stack>
              </Fragment>
            ))}
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('fraud.save')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
