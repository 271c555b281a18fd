import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthLoginScreen() {
  return <ScreenPlaceholder screen="authLogin" />;
}
