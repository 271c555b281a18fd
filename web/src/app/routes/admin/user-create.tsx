import { PageHeader } from '../../../components/page-header';
import { UserForm } from '../../../features/users/components/user-form';
import { useTranslation } from '../../../i18n';

export default function UserCreateScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminUserCreate')} description={t('users.invitationHelp')} />
      <UserForm />
    </>
  );
}
