import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminNetworkAddAffiliateScreen() {
  return <ScreenPlaceholder screen="adminNetworkAddAffiliate" />;
}
