/** The button that ends a public page's flow: back to /login. */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

export function BackToSignIn(props: Pick<ButtonProps, 'variant' | 'colorPalette'>) {
  return (
    <Button asChild {...props}>
      <Link href="/login">
        <FormattedMessage id="auth.back_to_login" />
      </Link>
    </Button>
  );
}
