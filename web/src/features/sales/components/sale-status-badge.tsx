import type { SaleStatus } from '@contract/sales';
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';

const COLORS: Record<SaleStatus, string> = { pending: 'yellow', approved: 'green', cancelled: 'gray', refunded: 'red' };

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`sales.statuses.${status}`)}
    </Badge>
  );
}

/** The reasons a sale waits for an admin, each with its explanation on hover and for screen readers. */
export function SaleFlags({ flags }: { flags: string[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Tooltip key={flag} label={t(`sales.flagHelp.${flag}`)}>
          <Badge
            variant="outline"
            color="orange"
            leftSection={<IconFlag size={12} />}
            aria-label={`${t(`sales.flags.${flag}`)}: ${t(`sales.flagHelp.${flag}`)}`}
          >
            {t(`sales.flags.${flag}`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
