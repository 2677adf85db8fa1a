/** /secret-login/{user_secret}: signs in with the single-use link from the e-mail. */
import { Center, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { Redirect, useParams } from 'wouter';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';

export default function SecretLoginPage() {
  const { user_secret } = useParams<{ user_secret: string }>();
  // Sent once, before the first paint, so an old error on the snapshot cannot be mistaken for this link's.
  const [alreadySignedIn] = useState(() => {
    const snapshot = sessionActor.getSnapshot();
    if (snapshot.matches('signedIn')) return true;
    sessionActor.send({ type: 'SECRET_LOGIN', user_secret });
    return false;
  });
  const state = useSession((s) => (s.matches('signedIn') ? 'in' : s.matches('twoFactor') ? 'otp' : s.matches('signedOut') ? 'out' : 'busy'));

  if (alreadySignedIn || state === 'in') return <Redirect to="/" />;
  if (state === 'otp') return <Redirect to="/verify-otp" />;
  if (state === 'out') return <Redirect to="/login" />;
  return (
    <Center minH="100vh">
      <Spinner size="lg" />
    </Center>
  );
}
