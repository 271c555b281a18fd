import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminPaymentMethodMetricsScreen() {
  return <ScreenPlaceholder screen="adminPaymentMethodMetrics" />;
}
