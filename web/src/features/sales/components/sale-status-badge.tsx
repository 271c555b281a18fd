import type { SaleStatus } from '@contract/sales';
import { Badge, Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';

// A chargeback is the card issuer's reversal, not the merchant's refund: its own colour, so the two are told apart.
const COLORS: Record<SaleStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  cancelled: 'gray',
  refunded: 'red',
  chargeback: 'grape',
};

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={COLORS[status]}>{t(`sales.statuses.${status}`)}</StatusBadge>;
}

/** The reasons a sale waits for an admin, each with its explanation on hover and for screen readers. */
export function SaleFlags({ flags, compact = false }: { flags: string[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  if (compact) {
    // In a narrow table column: one flag icon, the reasons on hover and for screen readers.
    const reasons = flags.map((flag) => `${t(`sales.flags.${flag}`)}: ${t(`sales.flagHelp.${flag}`)}`).join(' · ');
    return (
      <Tooltip label={reasons} multiline w={260}>
        <ThemeIcon size="sm" radius="xl" variant="light" color="orange" aria-label={reasons} role="img">
          <IconFlag size={12} />
        </ThemeIcon>
      </Tooltip>
    );
  }
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
