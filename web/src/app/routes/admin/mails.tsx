import { PageHeader } from '../../../components/page-header';
import { MailList } from '../../../features/mail/components/mail-list';
import { useTranslation } from '../../../i18n';

/** /admin/emails: what the portal mailed, or will, and how delivery went (docs/decisions/033). */
export default function MailsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminMails')} description={t('mails.description')} />
      <MailList />
    </>
  );
}
