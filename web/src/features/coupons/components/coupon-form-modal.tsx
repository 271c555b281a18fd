import { type Coupon, couponCodeSchema } from '@contract/coupons';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useApprovedAffiliates, useSaveCoupon } from '../api/save-coupon';

type Values = { code: string; affiliate_id: string | null; discount_label: string; active: boolean };

/** Create a coupon for an affiliate on this campaign, or change one (its owner stays). */
export function CouponFormModal({
  campaignId,
  coupon,
  onClose,
}: {
  campaignId: number;
  /** Absent: a new coupon. */
  coupon?: Coupon;
  onClose: (saved?: Coupon) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCoupon();
  const [alert, setAlert] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // The chosen affiliate stays choosable, and its label in the box is not a new search.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search === picked?.label ? '' : search.trim(), 250);
  const affiliates = useApprovedAffiliates(q);
  const form = useForm<Values>({
    initialValues: {
      code: coupon?.code ?? '',
      affiliate_id: coupon ? String(coupon.affiliate_id) : null,
      discount_label: coupon?.discount_label ?? '',
      active: coupon?.active ?? true,
    },
    validate: {
      code: (v) => (couponCodeSchema.safeParse(v).success ? null : t('coupons.codeRule')),
      affiliate_id: (v) => (coupon || v ? null : t('validation.required')),
    },
  });
  const found = (affiliates.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.first_name} ${a.last_name} (${a.code})`,
  }));
  const options = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await save.mutateAsync(
        coupon
          ? {
              id: coupon.id,
              body: {
                code: values.code.trim(),
                discount_label: values.discount_label.trim() || null,
                active: values.active,
              },
            }
          : {
              body: {
                code: values.code.trim(),
                campaign_id: campaignId,
                affiliate_id: Number(values.affiliate_id),
                discount_label: values.discount_label.trim() || null,
                active: values.active,
              },
            },
      );
      onClose(saved);
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Modal
      opened
      onClose={() => onClose()}
      title={coupon ? t('coupons.edit') : t('coupons.create')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput
            label={t('coupons.code')}
            description={t('coupons.codeHelp')}
            required
            maxLength={32}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('code')}
          />
          {coupon ? (
            <TextInput
              label={t('coupons.affiliate')}
              value={`${coupon.affiliate_name} (${coupon.affiliate_code})`}
              readOnly
            />
          ) : (
            <Select
              label={t('coupons.affiliate')}
              placeholder={t('coupons.affiliateSearch')}
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={t('coupons.noAffiliates')}
              data={options}
              {...form.getInputProps('affiliate_id')}
              onChange={(value, option) => {
                form.setFieldValue('affiliate_id', value);
                setPicked(value && option ? { value, label: option.label } : null);
              }}
            />
          )}
          <TextInput
            label={t('coupons.discount')}
            description={t('coupons.discountHelp')}
            maxLength={80}
            {...form.getInputProps('discount_label')}
          />
          <Switch label={t('coupons.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              {t('coupons.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('coupons.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
