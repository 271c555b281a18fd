import { BRAZIL_STATES, TAX_KINDS, type TaxKind, type TaxProfile } from '@contract/tax';
import { Button, Card, Grid, SegmentedControl, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage, showApiError } from '../../../lib/form';
import { useSaveTaxProfile, useTaxProfile } from '../api/tax-profile';
import { DOCUMENT_LENGTH, digitCount, formatDocument, formatPostalCode } from '../document-format';

type Values = {
  kind: TaxKind;
  document: string;
  legal_name: string;
  postal_code: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string | null;
};

const valuesOf = (profile: TaxProfile | null): Values => ({
  kind: profile?.kind ?? 'person',
  document: profile ? formatDocument(profile.kind, profile.document) : '',
  legal_name: profile?.legal_name ?? '',
  postal_code: formatPostalCode(profile?.postal_code ?? ''),
  street: profile?.street ?? '',
  number: profile?.number ?? '',
  complement: profile?.complement ?? '',
  district: profile?.district ?? '',
  city: profile?.city ?? '',
  state: profile?.state ?? null,
});

/** The affiliate's tax details: who the receipts (RPA) and the yearly statement name. */
export function TaxProfileCard() {
  const { t } = useTranslation();
  const profile = useTaxProfile();
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('tax.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('tax.description')}
      </Text>
      {profile.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} />
          <Skeleton h={60} />
          <Skeleton h={60} />
          <Skeleton h={120} />
        </Stack>
      ) : profile.isError ? (
        <FormAlert message={errorMessage(profile.error, t)} />
      ) : (
        <TaxProfileForm profile={profile.data} />
      )}
    </Card>
  );
}

function TaxProfileForm({ profile }: { profile: TaxProfile | null }) {
  const { t } = useTranslation();
  const save = useSaveTaxProfile();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const required = (value: string) => (value.trim() ? null : t('validation.required'));
  const form = useForm<Values>({
    initialValues: valuesOf(profile),
    validate: {
      document: (value, values) =>
        digitCount(value) === DOCUMENT_LENGTH[values.kind] ? null : t(`tax.errors.documentLength.${values.kind}`),
      legal_name: (value) => (value.trim().length >= 3 ? null : t('tax.errors.legalName')),
      postal_code: (value) => (digitCount(value) === 8 ? null : t('tax.errors.postalCode')),
      street: required,
      number: required,
      district: required,
      city: required,
      state: (value) => (value ? null : t('tax.errors.state')),
    },
  });
  const { kind } = form.getValues();

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      const saved = await save.mutateAsync({ ...values, state: values.state as TaxProfile['state'] });
      form.setValues(valuesOf(saved));
      form.resetDirty();
      setFeedback({ tone: 'success', text: t('tax.saved') });
    } catch (error) {
      // The API's sentences are English: each field's is said again in the person's language.
      const message = showApiError(form, error, t, {
        document: { message: t(`tax.errors.document.${values.kind}`) },
        legal_name: { message: t('tax.errors.legalName') },
        postal_code: { message: t('tax.errors.postalCode') },
        state: { message: t('tax.errors.state') },
      });
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback?.text} tone={feedback?.tone} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="tax-kind-label">
            {t('tax.kind')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="tax-kind-label"
            data={TAX_KINDS.map((value) => ({ value, label: t(`tax.kinds.${value}`) }))}
            value={kind}
            onChange={(value) => {
              const next = value as TaxKind;
              form.setFieldValue('kind', next);
              form.setFieldValue('document', formatDocument(next, form.getValues().document));
              form.clearFieldError('document');
            }}
          />
        </Stack>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label={t(`tax.document.${kind}`)}
              description={t(`tax.documentHint.${kind}`)}
              inputMode="numeric"
              autoComplete="off"
              required
              {...form.getInputProps('document')}
              onChange={(e) => form.setFieldValue('document', formatDocument(kind, e.currentTarget.value))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label={t(`tax.legalName.${kind}`)}
              description={t('tax.legalNameHint')}
              autoComplete={kind === 'company' ? 'organization' : 'name'}
              required
              {...form.getInputProps('legal_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 5, sm: 4 }}>
            <TextInput
              label={t('tax.postalCode')}
              description={t('tax.postalCodeHint')}
              inputMode="numeric"
              autoComplete="postal-code"
              required
              {...form.getInputProps('postal_code')}
              onChange={(e) => form.setFieldValue('postal_code', formatPostalCode(e.currentTarget.value))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 7, sm: 8 }}>
            <TextInput
              label={t('tax.street')}
              autoComplete="address-line1"
              required
              {...form.getInputProps('street')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 3 }}>
            <TextInput label={t('tax.number')} required {...form.getInputProps('number')} />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 4 }}>
            <TextInput label={t('tax.complement')} autoComplete="address-line2" {...form.getInputProps('complement')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={t('tax.district')} required {...form.getInputProps('district')} />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 8 }}>
            <TextInput label={t('tax.city')} autoComplete="address-level2" required {...form.getInputProps('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 4 }}>
            <Select
              label={t('tax.state')}
              placeholder={t('tax.statePlaceholder')}
              searchable
              required
              data={[...BRAZIL_STATES]}
              comboboxProps={{ width: 120, position: 'bottom-end' }}
              {...form.getInputProps('state')}
            />
          </Grid.Col>
        </Grid>
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('tax.save')}
        </Button>
      </Stack>
    </form>
  );
}
