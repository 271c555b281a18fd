import type { TwoFactorSetup } from '@contract/auth';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage, showApiError } from '../../../lib/form';
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup, useTwoFactorStatus } from '../api/auth';

/** The two-step section of /conta: set up (QR + key, confirm with a code), recovery codes, turn off. */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const enabled = status.data?.enabled ?? false;

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <IconShieldCheck size={22} aria-hidden />
          <Title order={3} fz="lg">
            {t('twoFactor.title')}
          </Title>
        </Group>
        {status.isPending ? (
          <Skeleton h={22} w={70} />
        ) : (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light">
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('twoFactor.description')}
      </Text>
      <FormAlert message={alert} mb="md" />

      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : pending ? (
        <ConfirmSetup
          setup={pending}
          onEnabled={(codes) => {
            setPending(null);
            setRecoveryCodes(codes);
          }}
          onCancel={() => setPending(null)}
        />
      ) : enabled ? (
        turningOff ? (
          <TurnOff onDone={() => setTurningOff(false)} />
        ) : (
          <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
            {t('twoFactor.turnOff')}
          </Button>
        )
      ) : (
        <Button
          loading={setup.isPending}
          disabled={status.isPending}
          onClick={async () => {
            setAlert(null);
            try {
              setPending(await setup.mutateAsync());
            } catch (error) {
              setAlert(errorMessage(error, t));
            }
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('twoFactor.setUp')}
        </Button>
      )}
    </Card>
  );
}

function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : t('validation.sixDigits')) },
  });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      onEnabled((await enable.mutateAsync(code.trim())).recovery_codes);
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) form.setFieldError('code', message);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs" align="center">
        <Box
          role="img"
          aria-label={t('twoFactor.qrAlt')}
          w={200}
          h={200}
          bg="white"
          p={8}
          style={{ borderRadius: 8 }}
          // The SVG comes from our own server's QR encoder, not from user input.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-generated SVG
          dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
        />
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.scan')}</Text>
          <Text size="sm" fw={600}>
            {t('twoFactor.secret')}
          </Text>
          <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <TextInput
            label={t('twoFactor.appCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" loading={enable.isPending}>
              {t('twoFactor.turnOn')}
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="teal" title={t('twoFactor.turnedOn')}>
        {t('twoFactor.recoveryText')}
      </Alert>
      <Title order={3} fz="md">
        {t('twoFactor.recoveryTitle')}
      </Title>
      <SimpleGrid cols={2} spacing={6} maw={360} data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('twoFactor.done')}</Button>
      </Group>
    </Stack>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : t('validation.required')) },
  });
  const submit = form.onSubmit(async ({ password }) => {
    try {
      await disable.mutateAsync(password);
      onDone();
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) form.setFieldError('password', message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <Text size="sm">{t('twoFactor.turnOffText')}</Text>
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            {t('twoFactor.turnOff')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
