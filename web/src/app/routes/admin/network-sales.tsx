import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworkSalesScreen() {
  return <ScreenPlaceholder screen="adminNetworkSales" />;
}
