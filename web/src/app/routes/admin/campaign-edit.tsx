import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminCampaignEditScreen() {
  return <ScreenPlaceholder screen="adminCampaignEdit" />;
}
