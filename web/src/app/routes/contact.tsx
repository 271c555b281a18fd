import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ContactForm } from '../../features/contact/components/contact-form';

export default function ContactScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.contact')} description={t('contactPage.description')} />
      <ContactForm />
    </>
  );
}
