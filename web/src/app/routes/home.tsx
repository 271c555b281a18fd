import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function HomeScreen() {
  return <ScreenPlaceholder screen="home" />;
}
