import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworksScreen() {
  return <ScreenPlaceholder screen="adminNetworks" />;
}
