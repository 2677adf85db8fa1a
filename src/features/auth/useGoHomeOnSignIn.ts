import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../app/useSession';

/**
 * After a sign-in completed on this page, go to "/" and let the landing path
 * decide. (Opening these pages while already signed in is PublicOnly's rule,
 * which leaves demo users where they are; a fresh sign-in always moves on.)
 */
export function useGoHomeOnSignIn() {
  const signedIn = useSession((s) => s.matches('signedIn'));
  const wasSignedIn = useRef(signedIn);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (signedIn && !wasSignedIn.current) navigate('/');
    wasSignedIn.current = signedIn;
  }, [signedIn, navigate]);
}
