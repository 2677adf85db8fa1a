import { Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { MessageId } from '@common/messages';
import { validateEmail, validatePassword, validatePersonName } from '@common/validation';
import { selectIsBusy } from '@machines/session/session.selectors';
import { FormField } from '../../components/FormField';
import { SessionError } from './SessionError';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';
import { AuthLayout } from './AuthLayout';
import { useGoHomeOnSignIn } from './useGoHomeOnSignIn';

type Fields = 'name' | 'email' | 'company_name' | 'password' | 'confirm';

export default function SignupPage() {
  const busy = useSession(selectIsBusy);
  const [values, setValues] = useState<Record<Fields, string>>({ name: '', email: '', company_name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, MessageId | null>>>({});
  useGoHomeOnSignIn();
  const set = (field: Fields) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Fields, MessageId | null>> = {
      name: validatePersonName(values.name),
      email: validateEmail(values.email),
      company_name: values.company_name.trim() ? null : 'required',
      password: validatePassword(values.password),
      confirm: values.confirm === values.password ? null : 'passwords_differ',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    sessionActor.send({ type: 'SIGNUP', name: values.name, email: values.email.trim(), company_name: values.company_name.trim(), password: values.password });
  };

  return (
    <AuthLayout title={<FormattedMessage id="auth.signup.title" />} subtitle={<FormattedMessage id="auth.signup.subtitle" />}>
      <SessionError />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label={<FormattedMessage id="auth.fields.name" />} error={errors.name} required>
            <Input name="name" autoComplete="name" value={values.name} onChange={set('name')} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.company" />} error={errors.company_name} required>
            <Input name="company_name" autoComplete="organization" value={values.company_name} onChange={set('company_name')} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.email" />} error={errors.email} required>
            <Input type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.password" />} error={errors.password} helper={<FormattedMessage id="auth.fields.password_hint" />} required>
            <Input type="password" name="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.confirm_password" />} error={errors.confirm} required>
            <Input type="password" name="confirm" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={busy} width="full">
            <FormattedMessage id="auth.signup.submit" />
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        <FormattedMessage id="auth.signup.have_account" />{' '}
        <ChakraLink asChild colorPalette="brand">
          <Link href="/login">
            <FormattedMessage id="auth.signup.login" />
          </Link>
        </ChakraLink>
      </Text>
    </AuthLayout>
  );
}
