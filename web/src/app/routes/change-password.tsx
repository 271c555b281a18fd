import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangePasswordScreen() {
  return <ScreenPlaceholder screen="changePassword" />;
}
