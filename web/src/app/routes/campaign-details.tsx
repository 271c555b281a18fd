import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function CampaignDetailsScreen() {
  return <ScreenPlaceholder screen="campaignDetails" />;
}
