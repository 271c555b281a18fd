import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconAffiliate } from '@tabler/icons-react';
import { useTranslation } from '../i18n';

/** The product's mark and name, as in the header and on the sign-in screens. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 40 : 32} radius="md" aria-hidden>
        <IconAffiliate size={size === 'lg' ? 24 : 20} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 22 : 'lg'}>
        {t('product')}
      </Text>
    </Group>
  );
}
