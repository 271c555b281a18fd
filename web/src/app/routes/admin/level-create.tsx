import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminLevelCreateScreen() {
  return <ScreenPlaceholder screen="adminLevelCreate" />;
}
