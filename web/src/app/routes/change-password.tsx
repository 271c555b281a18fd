import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';

export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.changePassword')} />
      <ChangePasswordForm />
    </>
  );
}
