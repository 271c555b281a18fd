import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminPaymentHistoryScreen() {
  return <ScreenPlaceholder screen="adminPaymentHistory" />;
}
