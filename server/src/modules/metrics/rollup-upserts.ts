/** The figures of `daily_stats` and the rollups summed from it. */
export const FIGURES = [
  'clicks',
  'pending_sales',
  'pending_commission_cents',
  'approved_sales',
  'approved_amount_cents',
  'approved_commission_cents',
  'refunded_sales',
];

/** Upserts summed rows of `source` into one rollup keyed by `keys`, in key order (so concurrent writers lock alike). */
export const upsertFigures = (table: string, keys: string[], source: string) => {
  const by = keys.join(', ');
  return `insert into ${table} as d (${by}, ${FIGURES.join(', ')})
    select ${by}, ${FIGURES.map((f) => `sum(${f})`).join(', ')} from ${source} group by ${by} order by ${by}
    on conflict (${by}) do update set ${FIGURES.map((f) => `${f} = d.${f} + excluded.${f}`).join(', ')}`;
};
