import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function AccountScreen() {
  return <ScreenPlaceholder screen="account" />;
}
