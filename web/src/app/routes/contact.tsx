import { PageHeader } from '../../components/page-header';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useTranslation } from '../../i18n';

export default function ContactScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.contact')} description={t('contactPage.description')} />
      <ContactForm />
    </>
  );
}
