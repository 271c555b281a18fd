import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminSaleCreateScreen() {
  return <ScreenPlaceholder screen="adminSaleCreate" />;
}
