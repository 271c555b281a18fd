import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminRedemptionMetricsScreen() {
  return <ScreenPlaceholder screen="adminRedemptionMetrics" />;
}
