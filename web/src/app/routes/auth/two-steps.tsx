import { ScreenPlaceholder } from '../../../components/screen-placeholder';

export default function AuthTwoStepsScreen() {
  return <ScreenPlaceholder screen="authTwoSteps" />;
}
