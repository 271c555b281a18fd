import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworkDetailsScreen() {
  return <ScreenPlaceholder screen="adminNetworkDetails" />;
}
