import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminUsersScreen() {
  return <ScreenPlaceholder screen="adminUsers" />;
}
