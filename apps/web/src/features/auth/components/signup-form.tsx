import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import {
  afterLoginPath,
  authTexts,
  isValidEmail,
  messages,
  type ProfileType,
  passwordProblem,
  profileTypeLabels,
  profileTypes,
  routes,
} from '@intergen/domain';
import { Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBriefcase, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage, problemFields } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { AuthLinkLine, EmailField } from './auth-parts';

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
  if (!isValidEmail(values.email)) return messages.invalidEmail;
  return passwordProblem(values.password);
}

/** Sign-up: I am... (Business Advisor or Scaling Company), full name, e-mail, password. */
export function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [clientError, setClientError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { profileType: '', name: '', email: '', password: '' },
    onValuesChange: () => {
      setClientError(null);
      signUp.reset();
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    if (signUp.isPending) return;
    const problem = signUpProblem(values);
    if (problem || !values.profileType) {
      setClientError(problem ?? messages.profileTypeRequired);
      return;
    }
    signUp.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        profileType: values.profileType,
      },
      { onSuccess: ({ user }) => navigate(afterLoginPath(user, null), { replace: true }) },
    );
  });

  const error = clientError ?? (signUp.error ? errorMessage(signUp.error) : null);
  const invalid = problemFields(signUp.error);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} />
        <Radio.Group
          label={authTexts.iAm}
          withAsterisk
          key={form.key('profileType')}
          {...form.getInputProps('profileType')}
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
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <EmailField
          error={invalid.has('email') || undefined}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={authTexts.password}
          description={authTexts.passwordHint}
          autoComplete="new-password"
          withAsterisk
          error={invalid.has('password') || undefined}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={signUp.isPending}>
          {authTexts.signUp}
        </Button>
        <AuthLinkLine lead={authTexts.alreadyHaveAccount} to={routes.login}>
          {authTexts.loginLink}
        </AuthLinkLine>
      </Stack>
    </form>
  );
}
