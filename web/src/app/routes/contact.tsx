import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ContactScreen() {
  return <ScreenPlaceholder screen="contact" />;
}
