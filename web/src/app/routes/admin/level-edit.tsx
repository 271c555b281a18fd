import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminLevelEditScreen() {
  return <ScreenPlaceholder screen="adminLevelEdit" />;
}
