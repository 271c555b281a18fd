import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworkCreateScreen() {
  return <ScreenPlaceholder screen="adminNetworkCreate" />;
}
