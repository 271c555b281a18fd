import { MaintenanceNotice } from '../../../features/system/components/maintenance-notice';

export default function MaintenanceScreen() {
  return <MaintenanceNotice />;
}
