import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef, MouseEventHandler } from 'react';
import { useTranslation } from '../i18n';

type BellButtonProps = Omit<ComponentPropsWithRef<'div'>, 'onClick'> & {
  unread?: number;
  isOpen?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
};

/**
 * The header's bell button: the bell itself, and what stands in its place while the bell's list
 * loads. The ref and the other props (a tooltip's, a popover's) go to the indicator around it.
 */
export function BellButton({ unread = 0, isOpen = false, onClick, ...others }: BellButtonProps) {
  const { t } = useTranslation();
  const label = unread > 0 ? `${t('header.notifications')} (${unread})` : t('header.notifications');
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} offset={6} color="red" {...others}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-expanded={isOpen} onClick={onClick}>
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
