import type { Creative } from '@contract/creatives';
import { Group, MultiSelect, Radio, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type TFunction, useTranslation } from '../../../i18n';

/** A level or a network to choose, as the screen that composes this feature read them. */
export type Option = { value: string; label: string };

type VisibilityValues = { audience: 'all' | 'chosen'; level_ids: string[]; network_ids: string[] };

/** Who sees a creative: every affiliate, or those of the chosen levels or networks (either is enough). */
export function VisibilityFields<V extends VisibilityValues>({
  form,
  levels,
  networks,
}: {
  form: UseFormReturnType<V>;
  levels: Option[];
  networks: Option[];
}) {
  const { t } = useTranslation();
  const values = form.getValues() as VisibilityValues;
  const props = form.getInputProps as (path: keyof VisibilityValues) => ReturnType<typeof form.getInputProps>;
  return (
    <Stack gap="sm">
      <Radio.Group label={t('creatives.audience')} {...props('audience')}>
        <Group gap="lg" mt={6}>
          <Radio value="all" label={t('creatives.audienceAll')} />
          <Radio value="chosen" label={t('creatives.audienceChosen')} />
        </Group>
      </Radio.Group>
      {values.audience === 'chosen' && (
        <>
          <MultiSelect
            label={t('creatives.levels')}
            placeholder={values.level_ids.length ? undefined : t('creatives.pickLevels')}
            data={levels}
            searchable
            clearable
            {...props('level_ids')}
          />
          <MultiSelect
            label={t('creatives.networks')}
            placeholder={values.network_ids.length ? undefined : t('creatives.pickNetworks')}
            data={networks}
            searchable
            clearable
            {...props('network_ids')}
          />
        </>
      )}
    </Stack>
  );
}

/** "Every affiliate", or "Only Ouro, Rede Sul": the names of the chosen levels and networks. */
export function visibilityLabel(
  visibility: Creative['visibility'],
  levels: Option[],
  networks: Option[],
  t: TFunction,
): string {
  if (!visibility || visibility.all) return t('creatives.everyone');
  const nameOf = (options: Option[], id: number) => options.find((o) => o.value === String(id))?.label;
  const names = [
    ...visibility.level_ids.map((id) => nameOf(levels, id)),
    ...visibility.network_ids.map((id) => nameOf(networks, id)),
  ].filter((name): name is string => Boolean(name));
  return t('creatives.onlyFor', { names: names.join(', ') || '—' });
}
