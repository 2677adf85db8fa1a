import { PasswordLinkPage } from './PasswordLinkPage';

export default function SetupPasswordPage() {
  return <PasswordLinkPage kind="setup" />;
}
