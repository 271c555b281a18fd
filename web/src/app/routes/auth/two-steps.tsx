import { TwoStepsForm } from '../../../features/auth/components/two-steps-form';

export default function TwoStepsScreen() {
  return <TwoStepsForm />;
}
