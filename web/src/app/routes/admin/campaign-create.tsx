import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminCampaignCreateScreen() {
  return <ScreenPlaceholder screen="adminCampaignCreate" />;
}
