import { COUPON_PATTERN_CODE, type CouponIssueResult, couponCodeFor, couponIssueBodySchema } from '@contract/coupons';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useIssueCoupons } from '../api/save-coupon';

/** One coupon per approved affiliate of the programme for this campaign, from a pattern. */
export function IssueCouponsModal({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueCoupons();
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<CouponIssueResult | null>(null);
  const form = useForm({
    initialValues: { pattern: `${COUPON_PATTERN_CODE}10`, discount_label: '' },
    validate: {
      pattern: (v: string) =>
        couponIssueBodySchema.shape.pattern.safeParse(v).success ? null : t('coupons.patternRule'),
    },
  });
  const pattern = form.getValues().pattern;

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      setResult(
        await issue.mutateAsync({
          campaign_id: campaignId,
          pattern: values.pattern.trim(),
          discount_label: values.discount_label.trim() || null,
        }),
      );
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('coupons.issue')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          {result && (
            <FormAlert
              tone="success"
              message={t('coupons.issued', { created: result.created, skipped: result.skipped.length })}
            />
          )}
          <TextInput
            label={t('coupons.pattern')}
            description={t('coupons.patternHelp')}
            required
            maxLength={32}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('pattern')}
          />
          <Text size="sm" c="dimmed">
            {t('coupons.patternExample', { code: 'ANA123', coupon: couponCodeFor(pattern.trim(), 'ANA123') })}
          </Text>
          <TextInput
            label={t('coupons.discount')}
            description={t('coupons.discountHelp')}
            maxLength={80}
            {...form.getInputProps('discount_label')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={issue.isPending}>
              {t('coupons.issueNow')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
