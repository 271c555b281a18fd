import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthMaintenanceScreen() {
  return <ScreenPlaceholder screen="authMaintenance" />;
}
