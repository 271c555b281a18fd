import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from '../i18n';
import { ApiError } from './api-client';

/** A field validator from a contract check (a schema's `safeParse` or a plain predicate). */
export function ruleOf(test: (value: string) => boolean, message: string) {
  return (value: string) => (test(value) ? null : message);
}

/** The sentence for an API failure, in the person's language when the reason is a known one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // Extension members of the problem (a count, a name) fill the translation's {{placeholders}}.
    const values = Object.fromEntries(
      Object.entries(error.problem).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
    ) as Record<string, string | number>;
    const known = t(`errors.${error.code}`, { ...values, defaultValue: '' });
    if (known) return known;
    return error.status >= 500 || !error.message ? t('errors.generic') : error.message;
  }
  return t('errors.generic');
}

/**
 * How a form reads the API's field errors: a body field's name in the form (`paid_at` typed as the
 * day `paid_on`), and the sentence for its error in the person's language (the API's is English).
 */
export type ApiFieldWords = Record<string, { field?: string; message?: string }>;

/**
 * Shows an API failure where it belongs: each named field's message next to that field, and the
 * rest as one sentence for the form's alert. Returns that sentence (null when every error had a field).
 */
export function showApiError<V>(
  form: UseFormReturnType<V>,
  error: unknown,
  t: TFunction,
  words: ApiFieldWords = {},
): string | null {
  if (error instanceof ApiError && error.errors.length > 0) {
    const values = form.getValues() as Record<string, unknown>;
    const fieldOf = (field: string) => words[field]?.field ?? field;
    const onFields = error.errors.filter((e) => fieldOf(e.field) in values);
    if (onFields.length > 0) {
      const general = t(`errors.${error.code}`, { defaultValue: '' });
      form.setErrors(
        Object.fromEntries(onFields.map((e) => [fieldOf(e.field), words[e.field]?.message || general || e.message])),
      );
      if (onFields.length === error.errors.length) return null;
    }
  }
  return errorMessage(error, t);
}
