import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminApproveAffiliatesScreen() {
  return <ScreenPlaceholder screen="adminApproveAffiliates" />;
}
