import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function RedemptionsScreen() {
  return <ScreenPlaceholder screen="redemptions" />;
}
