/** The e-mails of sign-in and account set-up, written in the recipient's language. */
import type { WhiteLabel } from '../../common/organisation';
import { translate } from '../i18n';
import type { Mailer } from '../mail/mailer';

interface Recipient {
  email: string;
  name?: string;
  language?: string | null;
  /** The white-label scheme of the recipient's organisation (docs/white-label.md); none: the default. */
  brand?: WhiteLabel | null;
}

function compose(mailer: Mailer, to: Recipient, key: string, values: Record<string, string | number>) {
  const lang = to.language ?? 'en';
  const all = { name: to.name ?? to.email, ...values };
  return mailer.send({
    to: to.email,
    subject: translate(lang, `email.${key}.subject`, all),
    text: `${translate(lang, `email.${key}.body`, all)}\n\n${translate(lang, 'email.signature')}`,
    brand: to.brand ?? null,
    language: lang,
  });
}

export const sendLoginCode = (mailer: Mailer, to: Recipient, code: string, minutes: number) =>
  compose(mailer, to, 'login_code', { code, minutes });

export const sendSetupCode = (mailer: Mailer, to: Recipient, code: string, minutes: number) =>
  compose(mailer, to, 'setup_code', { code, minutes });

export const sendResetLink = (mailer: Mailer, to: Recipient, link: string, minutes: number) =>
  compose(mailer, to, 'reset_password', { link, minutes });

export const sendSetupLink = (mailer: Mailer, to: Recipient, link: string, hours: number, organisation: string) =>
  compose(mailer, to, 'setup_password', { link, hours, organisation });

export const sendSecretLoginLink = (mailer: Mailer, to: Recipient, link: string, minutes: number) =>
  compose(mailer, to, 'secret_login', { link, minutes });

/** To the new address: the link that makes it the sign-in e-mail. */
export const sendEmailChangeLink = (mailer: Mailer, to: Recipient, link: string, hours: number, previous: string) =>
  compose(mailer, to, 'email_change', { link, hours, previous });

/** To the old address: what was asked, so an unexpected change does not go unnoticed. */
export const sendEmailChangeNotice = (mailer: Mailer, to: Recipient, next: string) => compose(mailer, to, 'email_change_notice', { next });
