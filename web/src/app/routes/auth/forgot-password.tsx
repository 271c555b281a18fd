import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthForgotPasswordScreen() {
  return <ScreenPlaceholder screen="authForgotPassword" />;
}
