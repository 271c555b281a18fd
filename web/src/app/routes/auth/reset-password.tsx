import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthResetPasswordScreen() {
  return <ScreenPlaceholder screen="authResetPassword" />;
}
