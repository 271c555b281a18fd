import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function CampaignsScreen() {
  return <ScreenPlaceholder screen="campaigns" />;
}
