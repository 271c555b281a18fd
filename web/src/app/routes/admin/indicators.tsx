import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminIndicatorsScreen() {
  return <ScreenPlaceholder screen="adminIndicators" />;
}
