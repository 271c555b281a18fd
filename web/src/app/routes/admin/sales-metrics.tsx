import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminSalesMetricsScreen() {
  return <ScreenPlaceholder screen="adminSalesMetrics" />;
}
