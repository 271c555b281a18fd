import { PASSWORD_RULES } from '@contract/session';
import { Box, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';

/** The password rule of the contract, checked as the person types. */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation();
  const met = PASSWORD_RULES.filter((rule) => rule.test(value)).length;
  const strength = (met / PASSWORD_RULES.length) * 100;
  const color = strength === 100 ? 'teal' : strength >= 66 ? 'yellow' : 'red';
  return (
    <Stack gap={6} mt={6}>
      <Progress value={value ? strength : 0} color={color} size={5} aria-label={t('auth.passwordStrength')} />
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(value);
          return (
            <Text
              component="li"
              key={rule.id}
              size="xs"
              c={ok ? 'teal.8' : 'dimmed'}
              style={{ display: 'flex', alignItems: 'center', gap: 6 }}
            >
              {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
              {t(`auth.passwordRules.${rule.id}`)}
            </Text>
          );
        })}
      </Box>
    </Stack>
  );
}
