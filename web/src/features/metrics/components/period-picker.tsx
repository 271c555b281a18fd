import { lastDays } from '@contract/calendar';
import { Group, SegmentedControl, Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { DEFAULT_DAYS, type Period } from '../period';

// The calendar (Mantine's dates and dayjs, 16 KiB gzip) is fetched when a custom period is asked for:
// the home, where most visits land, opens on a preset (bench/lighthouse).
const DayInput = lazy(() => import('../../../components/day-input').then((m) => ({ default: m.DayInput })));

const PRESETS = ['7', '30', '90', 'custom'] as const;
type Preset = (typeof PRESETS)[number];

/** 7, 30 or 90 days up to today, or a custom period. */
export function PeriodPicker({ onChange }: { onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>(String(DEFAULT_DAYS) as Preset);
  const [custom, setCustom] = useState(lastDays(DEFAULT_DAYS));
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
        <Suspense fallback={<Skeleton h={58} w={332} />}>
          <DayInput
            label={t('sales.from')}
            value={custom.from}
            max={custom.to}
            onChange={(day) => {
              const next = { ...custom, from: day };
              setCustom(next);
              if (next.from && next.to) onChange(next);
            }}
            w={160}
          />
          <DayInput
            label={t('sales.to')}
            value={custom.to}
            min={custom.from}
            onChange={(day) => {
              const next = { ...custom, to: day };
              setCustom(next);
              if (next.from && next.to) onChange(next);
            }}
            w={160}
          />
        </Suspense>
      )}
    </Group>
  );
}
