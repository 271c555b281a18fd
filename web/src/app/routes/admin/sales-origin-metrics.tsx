import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminSalesOriginMetricsScreen() {
  return <ScreenPlaceholder screen="adminSalesOriginMetrics" />;
}
