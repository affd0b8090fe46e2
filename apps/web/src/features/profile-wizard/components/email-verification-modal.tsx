import type { SessionUser } from '@intergen/contracts';
import { emailVerificationTexts, limits, messages } from '@intergen/domain';
import { Alert, Button, Group, Input, Modal, PinInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorAlert, InfoAlert } from '../../../components/alerts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/sign-out';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useVerifyEmail } from '../api/verify-email';

/** The message of a failed verification: the server's (Incorrect code…), or the technical one on a 5xx. */
function verificationError(error: unknown): string {
  if (error instanceof ApiError && (error.status >= 500 || error.isNetworkError)) {
    return messages.verificationTechnicalDifficulties;
  }
  return errorMessage(error, messages.verificationFailed);
}

/** Whether the server refused the code as expired or no longer usable: a new one is the way on. */
function isExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CODE_EXPIRED';
}

/**
 * Email Verification (spec 000 §2, review step): the 5-character code in single boxes (letters and digits,
 * upper-cased; the first box has the focus when it opens), `Resend email` and `Try another account`. Fewer
 * than 5 characters gives `Incomplete code` without asking the server; an expired code says so, with a button
 * that sends a new one.
 */
export function EmailVerificationModal({
  opened,
  onClose,
  onVerified,
}: {
  opened: boolean;
  onClose: () => void;
  onVerified: (user: SessionUser) => void;
}) {
  const [code, setCode] = useState('');
  const firstBox = useRef<HTMLInputElement | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const verify = useVerifyEmail();
  const resend = useSendVerificationCode();
  const signOut = useSignOut();

  const submit = () => {
    if (verify.isPending) return;
    resend.reset();
    if (code.length < limits.verificationCodeLength) {
      verify.reset();
      setClientError(messages.incompleteCode);
      return;
    }
    setClientError(null);
    verify.mutate(code, { onSuccess: ({ user }) => onVerified(user) });
  };

  const sendNewCode = () => {
    setClientError(null);
    verify.reset();
    resend.mutate(undefined, {
      onSuccess: () => {
        setCode('');
        firstBox.current?.focus();
      },
    });
  };

  const expired = verify.isError && isExpired(verify.error);
  const error =
    clientError ??
    (verify.isError && !expired ? verificationError(verify.error) : null) ??
    (resend.isError ? verificationError(resend.error) : null);

  return (
    <Modal opened={opened} onClose={onClose} title={emailVerificationTexts.verificationTitle}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text>{emailVerificationTexts.verificationPrompt}</Text>
          <ErrorAlert message={error} />
          {expired ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              <Stack gap="xs" align="flex-start">
                <span>{verify.error?.message}</span>
                <Button size="xs" onClick={sendNewCode} loading={resend.isPending}>
                  {emailVerificationTexts.sendNewCode}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <InfoAlert message={resend.isSuccess ? resend.data.message : null} />
          <Input.Wrapper
            label={emailVerificationTexts.verificationCodeLabel}
            labelElement="div"
            id="verification-code"
          >
            <PinInput
              mt="xs"
              length={limits.verificationCodeLength}
              type="alphanumeric"
              value={code}
              onChange={(next) => {
                setCode(next.toUpperCase());
                setClientError(null);
                if (!verify.isPending) verify.reset();
              }}
              oneTimeCode
              ref={firstBox}
              error={!!error || expired}
              inputMode="text"
              size="md"
              getInputProps={(index) => ({
                // The modal's focus trap gives the first box the focus when it opens.
                ...(index === 0 ? { 'data-autofocus': true } : {}),
                'aria-label': `${emailVerificationTexts.verificationCodeLabel}, ${index + 1} / ${limits.verificationCodeLength}`,
                autoCapitalize: 'characters',
                autoComplete: index === 0 ? 'one-time-code' : 'off',
                // Mantine's error state colours text and placeholder red, under the AA contrast ratio.
                style: {
                  textTransform: 'uppercase',
                  '--input-color': 'var(--mantine-color-text)',
                  '--input-placeholder-color': 'var(--mantine-color-gray-7)',
                } as React.CSSProperties,
              })}
            />
          </Input.Wrapper>
          <Button type="submit" loading={verify.isPending} fullWidth>
            {emailVerificationTexts.verificationContinue}
          </Button>
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" onClick={sendNewCode} loading={resend.isPending}>
              {emailVerificationTexts.resendEmail}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              onClick={() => signOut.mutate()}
              loading={signOut.isPending}
            >
              {emailVerificationTexts.tryAnotherAccount}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The modal after a successful verification; its button publishes or submits the profile. */
export function EmailVerifiedModal({
  opened,
  onContinue,
  pending,
  error,
}: {
  opened: boolean;
  onContinue: () => void;
  pending: boolean;
  error: string | null;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={emailVerificationTexts.verifiedTitle}
    >
      <Stack gap="md">
        <Text>{emailVerificationTexts.verifiedBody}</Text>
        <ErrorAlert message={error} />
        <Group justify="flex-end">
          <Button onClick={onContinue} loading={pending} data-autofocus>
            {emailVerificationTexts.verificationContinue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
