import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/zh-cn';
import { DatePickerInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { type Language, useTranslation } from '../i18n';

/**
 * Each language's calendar (month and weekday names, first day of the week) and how it writes a
 * day: a native date field follows the browser's locale instead (mm/dd/yyyy in an English
 * browser, whatever the interface's language).
 */
const CALENDAR_OF: Record<Language, { locale: string; format: string }> = {
  en: { locale: 'en', format: 'MM/DD/YYYY' },
  pt: { locale: 'pt-br', format: 'DD/MM/YYYY' },
  fr: { locale: 'fr', format: 'DD/MM/YYYY' },
  ar: { locale: 'ar', format: 'DD/MM/YYYY' },
  ch: { locale: 'zh-cn', format: 'YYYY/MM/DD' },
};

/** A day (YYYY-MM-DD, '' when none), picked from a calendar in the interface's language. */
export function DayInput({
  value,
  onChange,
  min,
  max,
  label,
  ...props
}: {
  value?: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  w?: Parameters<typeof DatePickerInput>[0]['w'];
}) {
  const { i18n } = useTranslation();
  const calendar = CALENDAR_OF[i18n.language];
  return (
    <DatePickerInput
      label={label}
      value={value || null}
      onChange={(day) => onChange(typeof day === 'string' ? day : '')}
      minDate={min || undefined}
      maxDate={max || undefined}
      locale={calendar.locale}
      valueFormat={calendar.format}
      placeholder={calendar.format.toLowerCase().replace('yyyy', i18n.language === 'pt' ? 'aaaa' : 'yyyy')}
      popoverProps={{ withinPortal: true }}
      // The hint is text in a button (not an input's placeholder): it must read at AA contrast.
      styles={{ placeholder: { color: 'var(--mantine-color-text)', opacity: 0.72 } }}
      {...props}
    />
  );
}
