/** Request bodies of the auth calls (section 7 "Auth"). */
import { enums, literal, object, optional } from 'superstruct';
import { LANGUAGES } from '../enums';
import { validateEmail, validateOtpCode, validatePassword, validatePersonName } from '../validation';
import { INPUT_LIMITS, requiredString, ruled, ruledIfPresent, text, unionOf } from './core';

export const LoginBody = object({
  email: ruled(validateEmail, 'email'),
  password: requiredString('password_required', INPUT_LIMITS.password),
});

export const SignupBody = object({
  name: ruled(validatePersonName, 'name'),
  email: ruled(validateEmail, 'email'),
  password: ruled(validatePassword, 'password'),
  company_name: requiredString('required', INPUT_LIMITS.short),
});

/** verify-otp-code / check-otp: the otp_token from login plus the code the user typed. */
export const OtpBody = object({
  otp_token: requiredString('otp_session_invalid', INPUT_LIMITS.token),
  code: ruled(validateOtpCode, 'otp'),
});

export const ResendOtpBody = object({ otp_token: requiredString('otp_session_invalid', INPUT_LIMITS.token) });

/** configure-otp (e-mail) and configure-app-otp (authenticator): switch on needs a code, switch off the password. */
export const ConfigureOtpBody = unionOf([
  object({ action: literal('start') }),
  object({ action: literal('confirm'), code: ruled(validateOtpCode, 'otp') }),
  object({ action: literal('disable'), password: requiredString('password_required', INPUT_LIMITS.password) }),
]);

export const ForgotPasswordBody = object({ email: ruled(validateEmail, 'email') });
export const VerifyTokenBody = object({ token: requiredString('token_is_incorrect', INPUT_LIMITS.token), type: optional(enums(['reset', 'setup'])) });
export const ResetPasswordBody = object({ token: requiredString('token_is_incorrect', INPUT_LIMITS.token), password: ruled(validatePassword, 'password') });
export const SetupPasswordBody = ResetPasswordBody;
export const VerifyPasswordBody = object({ password: requiredString('password_required', INPUT_LIMITS.password) });
export const UserLoginBody = object({ user_secret: requiredString('secret_link_invalid', INPUT_LIMITS.token) });
/** user-login: { email } asks for a secret sign-in link, { user_secret } signs in with one. */
export const SecretLinkBody = unionOf([object({ email: text(INPUT_LIMITS.email) }), object({ user_secret: text(INPUT_LIMITS.token) })]);

export const UpdateProfileBody = object({
  name: optional(ruledIfPresent(validatePersonName, 'name')),
  language: optional(enums(LANGUAGES)),
  email_notifications: optional(unionOf([text(INPUT_LIMITS.id), literal(true), literal(false)])),
  current_password: optional(text(INPUT_LIMITS.password)),
  new_password: optional(ruledIfPresent(validatePassword, 'password')),
});
