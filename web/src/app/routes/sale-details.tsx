import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SaleDetailsScreen() {
  return <ScreenPlaceholder screen="saleDetails" />;
}
