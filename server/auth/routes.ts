/**
 * The auth calls of section 7, under /api with the spec's names. The sign-in
 * flows run before an organisation is known and live in the system module
 * sign-in.ts; the signed-in user's own account goes through the caller's
 * organisation handle (account.ts).
 */
import {
  ConfigureOtpBody,
  ForgotPasswordBody,
  LoginBody,
  OtpBody,
  ResendOtpBody,
  ResetPasswordBody,
  SecretLinkBody,
  SetupPasswordBody,
  SignupBody,
  UpdateProfileBody,
  VerifyPasswordBody,
  VerifyTokenBody,
} from '../../common/schemas/auth';
import { route } from '../http/routes';
import { configureAppTwoFactor, configureEmailTwoFactor, logout, requirePassword, updateProfile } from './account';
import { payloadForSession } from './session-payload';
import { answerSecondFactor, checkOtp, forgotPassword, login, resendOtp, secretLink, setPasswordFromLink, signup, verifyToken } from './sign-in';

export function authRoutes() {
  return [
    route({
      method: 'POST',
      path: '/login',
      operationId: 'login',
      attack: { runs: { count: 60, reason: 'every request with an e-mail and a password verifies an argon2id hash (about 20 ms)' } },
      tag: 'Auth',
      summary: 'Sign in with e-mail and password; answers the auth state, or an otp_token when a second factor is needed.',
      public: true,
      body: LoginBody,
      handler: ({ deps, ip, userAgent, body }) => login({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'POST',
      path: '/signup',
      operationId: 'signUp',
      attack: { runs: { count: 40, reason: 'an accepted request hashes a password with argon2id and creates an organisation' } },
      tag: 'Auth',
      summary: 'Create a new organisation (plan billing, no plan chosen yet) with its first administrator, and sign in.',
      public: true,
      body: SignupBody,
      handler: ({ deps, ip, userAgent, body }) => signup({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'POST',
      path: '/check-otp',
      operationId: 'checkTwoFactorChallenge',
      tag: 'Auth',
      summary: 'Tells whether a pending two-factor sign-in is still open, and by which method.',
      public: true,
      body: ResendOtpBody,
      handler: ({ deps, ip, userAgent, body }) => checkOtp({ deps, ip, userAgent }, body),
    }),

    secondFactorRoute('/verify-otp-code', 'verifyEmailSignInCode', 'email', 'Completes a sign-in with the code sent by e-mail.'),
    secondFactorRoute('/verify-otp', 'verifyAppSignInCode', 'app', 'Completes a sign-in with the code of the authenticator app.'),

    route({
      method: 'POST',
      path: '/resend-otp',
      operationId: 'resendTwoFactorCode',
      tag: 'Auth',
      summary: 'Sends a new sign-in code by e-mail (also to switch from the app to e-mail when both are set up).',
      public: true,
      body: ResendOtpBody,
      handler: ({ deps, ip, userAgent, body }) => resendOtp({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'POST',
      path: '/user-login',
      operationId: 'requestSecretSignInLink',
      tag: 'Auth',
      summary: 'Secret sign-in link: with {email} e-mails a single-use link to /secret-login/{user_secret}; with {user_secret} signs in.',
      public: true,
      body: SecretLinkBody,
      handler: ({ deps, ip, userAgent, body }) => secretLink({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'GET',
      path: '/refresh',
      operationId: 'refreshSession',
      tag: 'Auth',
      summary: 'The signed-in user, role, permissions, limits, organisation detail and access token.',
      handler: ({ org, auth }) => payloadForSession(org, auth.token),
    }),

    route({
      method: 'POST',
      path: '/logout',
      operationId: 'logout',
      attack: { sessionPerRequest: 'logging out ends the session the request is made with' },
      tag: 'Auth',
      summary: 'Ends the session; the token stops working at once.',
      handler: (ctx) => logout(ctx),
    }),

    route({
      method: 'POST',
      path: '/forgot-password',
      operationId: 'requestPasswordReset',
      tag: 'Auth',
      summary: 'E-mails a password-reset link; answers the same whether or not the e-mail is known.',
      public: true,
      body: ForgotPasswordBody,
      handler: ({ deps, ip, userAgent, body }) => forgotPassword({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'POST',
      path: '/verify-token',
      operationId: 'verifyPasswordToken',
      tag: 'Auth',
      summary: "Checks a reset or set-up token; fails with 'Token is expired' or 'token is incorrect'.",
      public: true,
      body: VerifyTokenBody,
      handler: ({ deps, ip, userAgent, body }) => verifyToken({ deps, ip, userAgent }, body),
    }),

    route({
      method: 'POST',
      path: '/reset-password',
      operationId: 'resetPassword',
      tag: 'Auth',
      summary: 'Sets a new password from a reset link and signs the user out everywhere.',
      public: true,
      body: ResetPasswordBody,
      handler: ({ deps, ip, userAgent, body }) => setPasswordFromLink({ deps, ip, userAgent }, 'reset', body),
    }),

    route({
      method: 'POST',
      path: '/setup-password',
      operationId: 'setUpPassword',
      tag: 'Auth',
      summary: 'Sets the first password of an invited user.',
      public: true,
      body: SetupPasswordBody,
      handler: ({ deps, ip, userAgent, body }) => setPasswordFromLink({ deps, ip, userAgent }, 'setup', body),
    }),

    route({
      method: 'POST',
      path: '/verify-password',
      operationId: 'verifyPassword',
      attack: { runs: { count: 60, reason: 'every request with a password verifies an argon2id hash' } },
      tag: 'Auth',
      summary: "Confirms the signed-in user's password before a sensitive action.",
      body: VerifyPasswordBody,
      async handler({ org, auth, body }) {
        await requirePassword(org, auth.user.id, body.password);
        return { verified: true };
      },
    }),

    route({
      method: 'POST',
      path: '/update-profile',
      operationId: 'updateProfile',
      tag: 'Auth',
      summary: 'Updates the name, language and e-mail preference; changes the password when the current one is given.',
      body: UpdateProfileBody,
      handler: (ctx) => updateProfile(ctx, ctx.body),
    }),

    route({
      method: 'POST',
      path: '/configure-otp',
      operationId: 'configureEmailTwoFactor',
      tag: 'Auth',
      summary: 'E-mail two-factor: start (sends a code), confirm with the code, or disable with the password.',
      body: ConfigureOtpBody,
      handler: (ctx) => configureEmailTwoFactor(ctx, ctx.body),
    }),

    route({
      method: 'POST',
      path: '/configure-app-otp',
      operationId: 'configureAppTwoFactor',
      tag: 'Auth',
      summary: 'Authenticator-app two-factor: start (secret and QR code), confirm with a code, or disable with the password.',
      body: ConfigureOtpBody,
      handler: (ctx) => configureAppTwoFactor(ctx, ctx.body),
    }),
  ];
}

/** The last step of a two-factor sign-in, by e-mail code or by app code. */
function secondFactorRoute(path: string, operationId: string, method: 'email' | 'app', summary: string) {
  return route({
    method: 'POST',
    path,
    operationId,
    tag: 'Auth',
    summary,
    public: true,
    body: OtpBody,
    handler: ({ deps, ip, userAgent, body }) => answerSecondFactor({ deps, ip, userAgent }, method, body),
  });
}
