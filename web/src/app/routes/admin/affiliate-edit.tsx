import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminAffiliateEditScreen() {
  return <ScreenPlaceholder screen="adminAffiliateEdit" />;
}
