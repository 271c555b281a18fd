import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthRegisterScreen() {
  return <ScreenPlaceholder screen="authRegister" />;
}
