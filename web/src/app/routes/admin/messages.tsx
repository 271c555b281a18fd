import { Grid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ThreadList } from '../../../features/messages/components/thread-list';
import { ThreadView } from '../../../features/messages/components/thread-view';
import { useTranslation } from '../../../i18n';

/**
 * `/admin/mensagens`: the inbox beside the open conversation; on a phone one at a time. The open
 * conversation is in the address (`?conversa=`), so a mail's link opens it.
 */
export default function AdminMessagesScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('conversa')) || null;
  const open = (id: number | null) => setParams(id ? { conversa: String(id) } : {});
  const list = <ThreadList openId={openId} onOpen={open} />;
  const view = openId ? (
    <ThreadView key={openId} threadId={openId} onBack={isPhone ? () => open(null) : undefined} />
  ) : (
    <Text c="dimmed" size="sm" p="md">
      {t('messages.pick')}
    </Text>
  );
  return (
    <>
      <PageHeader title={t('screens.adminMessages')} description={t('messages.inboxDescription')} />
      {isPhone ? (
        openId ? (
          view
        ) : (
          list
        )
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{view}</Grid.Col>
        </Grid>
      )}
    </>
  );
}
