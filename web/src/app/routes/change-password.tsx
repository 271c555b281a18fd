import { PageHeader } from '../../components/page-header';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useTranslation } from '../../i18n';

export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.changePassword')} />
      <ChangePasswordForm />
    </>
  );
}
