import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminTopAffiliatesScreen() {
  return <ScreenPlaceholder screen="adminTopAffiliates" />;
}
