import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import type { SignUpBody } from '@intergen/contracts';
import {
  authTexts,
  emailProblem,
  messages,
  type ProfileType,
  passwordProblem,
  profileTypeLabels,
  profileTypes,
  routes,
} from '@intergen/domain';
import { Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBriefcase, IconRocket } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { AuthPage } from '../../../components/auth-page';
import { errorMessage, problemFields } from '../../../lib/api-client';
import { AuthLinkLine, EmailField } from './auth-parts';
import { useSubmission } from './use-submission';

const typeIcons: Record<ProfileType, typeof IconBriefcase> = { expert: IconBriefcase, company: IconRocket };

interface SignUpValues {
  profileType: ProfileType | '';
  name: string;
  email: string;
  password: string;
}

/** The first problem the client can see before calling the server (spec 001 §5, sign-up). */
export function signUpProblem(values: SignUpValues): string | null {
  if (!values.name.trim() || !values.email.trim() || !values.password) return messages.allFieldsRequired;
  if (!values.profileType) return messages.profileTypeRequired;
  const emailError = emailProblem(values.email);
  if (emailError) return emailError;
  return passwordProblem(values.password);
}

/**
 * Sign-up: I am... (Business Advisor or Scaling Company), full name, e-mail, password. React and Mantine only:
 * `onSubmit` sends it and goes on (the app's route navigates, the signed-out entry loads the app), or rejects
 * with the error to show.
 */
export function SignUpForm({ onSubmit }: { onSubmit: (body: SignUpBody) => Promise<void> }) {
  const signUp = useSubmission(onSubmit);
  const [clientError, setClientError] = useState<string | null>(null);
  const [values, setValues] = useState<SignUpValues>({ profileType: '', name: '', email: '', password: '' });

  const set = (change: Partial<SignUpValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setClientError(null);
    signUp.reset();
  };
  const edit = (field: 'name' | 'email' | 'password') => (event: { currentTarget: HTMLInputElement }) =>
    set({ [field]: event.currentTarget.value });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpProblem(values);
    if (problem || !values.profileType) {
      setClientError(problem ?? messages.profileTypeRequired);
      return;
    }
    signUp.submit({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      profileType: values.profileType,
    });
  };

  const error = clientError ?? (signUp.error ? errorMessage(signUp.error) : null);
  const invalid = problemFields(signUp.error);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} />
        <Radio.Group
          label={authTexts.iAm}
          withAsterisk
          value={values.profileType}
          onChange={(profileType) => set({ profileType: profileType as ProfileType })}
          error={invalid.has('profileType') || undefined}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
            {profileTypes.map((type) => {
              const Icon = typeIcons[type];
              return (
                <Radio.Card key={type} value={type} className="ig-radio-card" p="md" radius="md">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Icon size={22} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
                      <Radio.Indicator />
                    </Group>
                    <Text fw={600} size="sm">
                      {profileTypeLabels[type]}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {authTexts.profileTypeHints[type]}
                    </Text>
                  </Stack>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <TextInput
          label={authTexts.fullName}
          autoComplete="name"
          withAsterisk
          error={invalid.has('name') || undefined}
          value={values.name}
          onChange={edit('name')}
        />
        <EmailField error={invalid.has('email') || undefined} value={values.email} onChange={edit('email')} />
        <PasswordInput
          label={authTexts.password}
          description={authTexts.passwordHint}
          autoComplete="new-password"
          withAsterisk
          error={invalid.has('password') || undefined}
          value={values.password}
          onChange={edit('password')}
        />
        <Button type="submit" fullWidth size="md" loading={signUp.pending}>
          {authTexts.signUp}
        </Button>
        <AuthLinkLine lead={authTexts.alreadyHaveAccount} to={routes.login}>
          {authTexts.loginLink}
        </AuthLinkLine>
      </Stack>
    </form>
  );
}

/** `/signup`: the sign-up page, in the app's route (routes/signup.tsx) and in the signed-out entry. */
export function SignUpPage({ onSubmit }: { onSubmit: (body: SignUpBody) => Promise<void> }) {
  return (
    <AuthPage title={authTexts.signUpTitle} description={authTexts.signUpDescription}>
      <SignUpForm onSubmit={onSubmit} />
    </AuthPage>
  );
}
