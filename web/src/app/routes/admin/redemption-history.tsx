import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminRedemptionHistoryScreen() {
  return <ScreenPlaceholder screen="adminRedemptionHistory" />;
}
