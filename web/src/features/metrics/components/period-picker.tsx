import type { PeriodQuery } from '@contract/metrics';
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';

const PRESETS = ['7', '30', '90', 'custom'] as const;
type Preset = (typeof PRESETS)[number];

/** Brasília's today minus `days - 1`, so "7 days" includes today. */
function lastDays(days: number): Pick<PeriodQuery, 'from' | 'to'> {
  const today = Date.now() - 3 * 3_600_000;
  const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: iso(today - (days - 1) * 86_400_000), to: iso(today) };
}

/** 7, 30 or 90 days up to today, or a custom period. */
export function PeriodPicker({ onChange }: { onChange: (period: Pick<PeriodQuery, 'from' | 'to'>) => void }) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>('30');
  const [custom, setCustom] = useState(lastDays(30));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('metrics.period')}
        value={preset}
        onChange={(value) => {
          const next = value as Preset;
          setPreset(next);
          onChange(next === 'custom' ? custom : lastDays(Number(next)));
        }}
        data={PRESETS.map((p) => ({ value: p, label: t(`metrics.presets.${p}`) }))}
      />
      {preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('sales.from')}
            value={custom.from}
            max={custom.to}
            onChange={(e) => {
              const next = { ...custom, from: e.currentTarget.value };
              setCustom(next);
              if (next.from && next.to) onChange(next);
            }}
            w={160}
          />
          <TextInput
            type="date"
            label={t('sales.to')}
            value={custom.to}
            min={custom.from}
            onChange={(e) => {
              const next = { ...custom, to: e.currentTarget.value };
              setCustom(next);
              if (next.from && next.to) onChange(next);
            }}
            w={160}
          />
        </>
      )}
    </Group>
  );
}

export const DEFAULT_PERIOD = lastDays(30);
