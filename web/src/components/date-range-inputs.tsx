import { DayInput } from './day-input';

/** A "from – to" pair of date inputs (YYYY-MM-DD, '' when empty), each bounded by the other. */
export function DateRangeInputs({
  from,
  to,
  onChange,
  labels,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  labels: { from: string; to: string };
}) {
  const width = { base: 'calc(50% - 6px)', sm: 160 };
  return (
    <>
      <DayInput
        label={labels.from}
        value={from}
        max={to}
        clearable
        onChange={(day) => onChange({ from: day, to })}
        w={width}
      />
      <DayInput
        label={labels.to}
        value={to}
        min={from}
        clearable
        onChange={(day) => onChange({ from, to: day })}
        w={width}
      />
    </>
  );
}
