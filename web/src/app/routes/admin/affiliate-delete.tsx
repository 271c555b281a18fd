import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminAffiliateDeleteScreen() {
  return <ScreenPlaceholder screen="adminAffiliateDelete" />;
}
