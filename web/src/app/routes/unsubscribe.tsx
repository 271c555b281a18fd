import { useParams } from 'react-router';
import { UnsubscribeResult } from '../../features/messages/components/unsubscribe-result';

/** `/cancelar-inscricao/:token`: an announcement mail's unsubscribe link, no sign-in. */
export default function UnsubscribeScreen() {
  const { token = '' } = useParams();
  return <UnsubscribeResult token={token} />;
}
