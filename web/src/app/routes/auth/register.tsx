import { RegisterForm } from '../../../features/auth/components/register-form';
import { usePublicProgramme } from '../../../features/programme/api/get-programme';

/** Sign-up asks the programme's questions too, as /programa does (decision 043). */
export default function RegisterScreen() {
  const programme = usePublicProgramme();
  return <RegisterForm questions={programme.status === 'ready' ? programme.programme.questions : undefined} />;
}
