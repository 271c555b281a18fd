import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworkEditScreen() {
  return <ScreenPlaceholder screen="adminNetworkEdit" />;
}
