import { formatMoneyInput, formatReais, parseMoneyInput } from '@contract/money-text';
import { Button, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { type ClipboardEvent, type FocusEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../i18n';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'success' | 'leftSection'> & {
  /** What the person typed; the form turns it into cents with `centsOf` once its rule passed. */
  value?: string;
  onChange: (text: string) => void;
  error?: ReactNode;
};

/**
 * An amount of reais, typed or pasted the Brazilian way in any interface language. It says under
 * the field what it understood ("R$ 1.234,56"), and when the text has two readings ("1.234") it asks
 * which one was meant instead of guessing; that question waits for a paste or for the person to
 * leave the field, so it does not flicker while they are still typing.
 */
export function MoneyInput({ value = '', onChange, onBlur, onPaste, error, ...others }: MoneyInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const isPasting = useRef(false);
  const [isSettled, setSettled] = useState(true);
  const parsed = parseMoneyInput(value);
  const readings = 'ambiguous' in parsed && (isSettled || Boolean(error)) ? parsed.ambiguous : null;

  const choose = (cents: number) => {
    onChange(formatMoneyInput(cents));
    setSettled(true);
    input.current?.focus();
  };

  return (
    <Stack gap={6}>
      <TextInput
        ref={input}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        {...others}
        leftSection="R$"
        value={value}
        onChange={(event) => {
          setSettled(isPasting.current);
          isPasting.current = false;
          onChange(event.currentTarget.value);
        }}
        onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
          isPasting.current = true;
          onPaste?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setSettled(true);
          onBlur?.(event);
        }}
        error={
          readings ? t('money.ambiguous', { first: formatReais(readings[0]), second: formatReais(readings[1]) }) : error
        }
        success={'cents' in parsed ? t('money.understood', { amount: formatReais(parsed.cents) }) : undefined}
        withSuccessStyles={false}
        styles={{
          success: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-sm)' },
          ...(readings ? { error: { fontSize: 'var(--mantine-font-size-sm)' } } : {}),
        }}
      />
      {readings && (
        <Group gap="xs">
          {readings.map((cents) => (
            <Button key={cents} size="compact-sm" variant="light" onClick={() => choose(cents)}>
              {t('money.choose', { amount: formatReais(cents) })}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
