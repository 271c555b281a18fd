import { PageHeader } from '../../components/page-header';
import { MyMessages } from '../../features/messages/components/my-messages';
import { useTranslation } from '../../i18n';

/** `/mensagens`: the affiliate's conversation with the programme, and its announcements. */
export default function MessagesScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.messages')} description={t('messages.description')} />
      <MyMessages />
    </>
  );
}
