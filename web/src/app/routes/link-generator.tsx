import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function LinkGeneratorScreen() {
  return <ScreenPlaceholder screen="linkGenerator" />;
}
