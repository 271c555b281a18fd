import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminSalesOverviewScreen() {
  return <ScreenPlaceholder screen="adminSalesOverview" />;
}
