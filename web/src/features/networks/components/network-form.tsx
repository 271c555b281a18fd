import type { NetworkDetails } from '@contract/networks';
import { Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useSaveNetwork } from '../api/networks';

/** Create (no network) or rename and describe a network. */
export function NetworkForm({ network }: { network?: NetworkDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveNetwork(network?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: network?.name ?? '', description: network?.description ?? '' },
    validate: { name: (v) => (v.trim() ? null : t('validation.required')) },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() || null,
      });
      navigate(pathTo('adminNetworkDetails', { id: saved.id }));
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput label={t('networks.name')} required maxLength={80} {...form.getInputProps('name')} />
          <Textarea
            label={t('networks.descriptionLabel')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {network ? t('networks.save') : t('networks.create')}
            </Button>
            <Button variant="subtle" onClick={() => navigate(-1)}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
