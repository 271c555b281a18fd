import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AdminAnalyticsScreen() {
  return <ScreenPlaceholder screen="adminAnalytics" />;
}
