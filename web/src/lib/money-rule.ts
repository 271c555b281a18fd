import { parseMoneyInput } from '@contract/money-text';
import type { z } from 'zod';
import type { TFunction } from '../i18n';

// Apart from lib/form, which every form (the sign-in page's too) imports: the money parser is
// 1 KiB gzip the sign-in page does not need (bench/login-bundle).
/**
 * A money field's validator (components/money-input): the text must read as one amount, and its
 * cents must pass the contract's schema for the field, else `message`. An empty optional field passes.
 */
export function moneyRule(schema: z.ZodType, message: string, t: TFunction, options: { isOptional?: boolean } = {}) {
  return (text: string) => {
    const parsed = parseMoneyInput(text);
    if ('ambiguous' in parsed) return t('money.pickOne');
    if ('invalid' in parsed) {
      if (parsed.invalid === 'empty') return options.isOptional ? null : message;
      return t(`money.invalid.${parsed.invalid}`);
    }
    return schema.safeParse(parsed.cents).success ? null : message;
  };
}
