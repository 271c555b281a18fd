import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminUserCreateScreen() {
  return <ScreenPlaceholder screen="adminUserCreate" />;
}
