import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminLevelsScreen() {
  return <ScreenPlaceholder screen="adminLevels" />;
}
