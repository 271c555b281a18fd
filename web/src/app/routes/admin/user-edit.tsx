import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminUserEditScreen() {
  return <ScreenPlaceholder screen="adminUserEdit" />;
}
