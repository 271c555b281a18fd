import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function LogoutScreen() {
  return <ScreenPlaceholder screen="logout" />;
}
