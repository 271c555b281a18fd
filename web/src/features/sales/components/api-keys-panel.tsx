import type { ApiKey, CreatedApiKey } from '@contract/sales';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage, showApiError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/sales';

function Secret({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={label}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t('sales.keys.copied') : t('sales.keys.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Keys for merchants' servers: created here, shown once, revoked at once. */
export function ApiKeysPanel({ postbackUrl }: { postbackUrl: string }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', signed: true },
    validate: { name: (v: string) => (v.trim() ? null : t('validation.required')) },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      setCreated(await create.mutateAsync({ name: values.name.trim(), signed: values.signed }));
      form.reset();
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('sales.keys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sales.keys.help', { url: postbackUrl })}
          </Text>
          <FormAlert message={alert} />
          <form onSubmit={submit} noValidate>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('sales.keys.name')}
                required
                maxLength={80}
                w={{ base: '100%', sm: 280 }}
                {...form.getInputProps('name')}
              />
              <Checkbox label={t('sales.keys.signed')} mb={8} {...form.getInputProps('signed', { type: 'checkbox' })} />
              <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
                {t('sales.keys.create')}
              </Button>
            </Group>
          </form>
        </Stack>
      </Card>
      <Card withBorder padding={0}>
        <DataTable<ApiKey>
          minHeight={keys.data?.items.length ? undefined : 160}
          fetching={keys.isPending}
          records={keys.data?.items ?? []}
          noRecordsIcon={<IconKey size={32} stroke={1.4} />}
          noRecordsText={keys.isError ? errorMessage(keys.error, t) : t('sales.keys.empty')}
          verticalSpacing="sm"
          columns={[
            { accessor: 'name', title: t('sales.keys.name') },
            { accessor: 'prefix', title: t('sales.keys.prefix'), render: (k) => <Code>{k.prefix}…</Code> },
            {
              accessor: 'signed',
              title: t('sales.keys.signature'),
              render: (k) => (k.signed ? t('sales.keys.signedYes') : t('sales.keys.signedNo')),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'last_used_at',
              title: t('sales.keys.lastUsed'),
              render: (k) => (k.last_used_at ? formatDateTime(k.last_used_at, i18n.language) : t('sales.keys.never')),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'revoked_at',
              title: t('sales.keys.state'),
              render: (k) =>
                k.revoked_at ? (
                  <Badge color="gray">{t('sales.keys.revoked')}</Badge>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Badge color="green" variant="light">
                      {t('sales.keys.active')}
                    </Badge>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="subtle"
                      onClick={() => setRevoking(k)}
                      aria-label={`${t('sales.keys.revoke')} ${k.name}`}
                    >
                      {t('sales.keys.revoke')}
                    </Button>
                  </Group>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t('sales.keys.createdTitle')}
        centered
        size="lg"
        closeOnClickOutside={false}
      >
        {created && (
          <Stack gap="md">
            <Secret label={t('sales.keys.key')} value={created.key} />
            {created.secret && <Secret label={t('sales.keys.secret')} value={created.secret} />}
            <Button onClick={() => setCreated(null)} style={{ alignSelf: 'flex-end' }}>
              {t('sales.keys.done')}
            </Button>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('sales.keys.revokeTitle', { name: revoking?.name ?? '' })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('sales.keys.revokeText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('sales.back')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={async () => {
                if (revoking) await revoke.mutateAsync(revoking.id).catch((error) => setAlert(errorMessage(error, t)));
                setRevoking(null);
              }}
            >
              {t('sales.keys.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
