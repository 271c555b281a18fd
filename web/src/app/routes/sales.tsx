import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SalesScreen() {
  return <ScreenPlaceholder screen="sales" />;
}
