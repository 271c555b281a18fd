import { TextInput } from '@mantine/core';

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
      <TextInput
        type="date"
        label={labels.from}
        value={from}
        max={to || undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value, to })}
        w={width}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ from, to: event.currentTarget.value })}
        w={width}
      />
    </>
  );
}
