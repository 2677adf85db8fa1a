import { PasswordLinkPage } from './PasswordLinkPage';

export default function ResetPasswordPage() {
  return <PasswordLinkPage kind="reset" />;
}
