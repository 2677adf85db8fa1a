/** The session's last error (sign-in, two-factor), in the user's language when the server named its message. */
import { selectError, selectErrorCode, selectErrorValues } from '@machines/session/session.selectors';
import { ServerError } from '../../components/ServerError';
import { useSession } from '../../app/useSession';

export function SessionError() {
  const message = useSession(selectError);
  const code = useSession(selectErrorCode);
  const values = useSession(selectErrorValues);
  return <ServerError message={message} code={code} values={values} />;
}
