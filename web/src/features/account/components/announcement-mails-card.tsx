import type { Account } from '@contract/account';
import { Card, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { useUpdateAccount } from '../api/account';

/** Announcement mails on or off: the same choice the mails' unsubscribe link makes. */
export function AnnouncementMailsCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb={4}>
        {t('account.announcementMails')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.announcementMailsHelp')}
      </Text>
      <Switch
        label={t('account.announcementMailsSwitch')}
        checked={!account.announcements_opt_out}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ announcements_opt_out: !event.currentTarget.checked })}
      />
    </Card>
  );
}
