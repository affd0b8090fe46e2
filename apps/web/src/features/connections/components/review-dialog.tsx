import '@mantine/core/styles/Checkbox.css';
import './request-cards.css';
import '@mantine/core/styles/Rating.css';
import type { ConnectionRequest } from '@intergen/contracts';
import { commonTexts, reviewTexts as t } from '@intergen/domain';
import { Button, Checkbox, CopyButton, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/session';
import { useCloseRequest } from '../api/close-request';
import { useSubmitSurvey } from '../api/submit-survey';

interface ReviewDialogProps {
  /** The connection to review; null keeps the dialog closed. */
  connection: ConnectionRequest | null;
  /** The hosted survey form for the member's role, or null (then a comment box instead). */
  surveyFormUrl: string | null;
  /** The dialog is done with: submitted, closed without a rating, or just put away. */
  onClose: () => void;
}

/** Whether `Done` may be pressed: a rating above 0, and the survey box ticked when the form is shown. */
export function canFinishReview(rating: number, formShown: boolean, surveySubmitted: boolean): boolean {
  return rating > 0 && (!formShown || surveySubmitted);
}

/**
 * The review dialog (spec 000 §2, DESIGN.md §4): the hosted survey form with `I have submitted the survey
 * above`, or an optional comment when no form is configured; copy buttons for the member's e-mail and the
 * counterpart's name (`IBA Name` / `Venture Name`); the overall `Rating`; `Done`; and `Close without rating`,
 * which closes the connection as not rated (spec 000 §4) for this member only. Putting the dialog away (its X,
 * Escape, a click outside) changes nothing: the member is asked again.
 */
export function ReviewDialog({ connection, surveyFormUrl, onClose }: ReviewDialogProps) {
  return (
    <Modal
      opened={connection !== null}
      onClose={onClose}
      title={connection ? t.reviewTitle(connection.counterpart.name) : ''}
      size={surveyFormUrl ? 'min(720px, calc(100vw - 48px))' : undefined}
    >
      {connection ? (
        // Keyed so that each connection starts with an empty form.
        <ReviewForm
          key={connection.id}
          connection={connection}
          surveyFormUrl={surveyFormUrl}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ReviewForm({
  connection,
  surveyFormUrl,
  onDone,
}: {
  connection: ConnectionRequest;
  surveyFormUrl: string | null;
  onDone: () => void;
}) {
  const user = useSignedInUser();
  const [rating, setRating] = useState(0);
  const [submittedSurvey, setSubmittedSurvey] = useState(false);
  const [comment, setComment] = useState('');
  const submit = useSubmitSurvey();
  const close = useCloseRequest();
  const formShown = surveyFormUrl !== null;
  const card = connection.counterpart;
  const counterpartValue = card.kind === 'company' ? (card.companyName ?? card.name) : card.name;

  const done = () => {
    const text = comment.trim();
    submit.mutate(
      { id: connection.id, body: { rating, ...(formShown || text === '' ? {} : { comment: text }) } },
      { onSuccess: onDone },
    );
  };

  const closeWithoutRating = () => close.mutate(connection, { onSuccess: onDone });

  return (
    <Stack gap="md">
      <Text size="sm">{formShown ? t.reviewIntro.form : t.reviewIntro.noForm}</Text>
      <Stack gap="xs">
        <CopyRow label={t.yourEmail} value={user.email} />
        <CopyRow label={t.counterpartLabel[card.kind]} value={counterpartValue} />
      </Stack>
      {surveyFormUrl ? (
        <iframe className="ig-survey-frame" src={surveyFormUrl} title={t.surveyFrameTitle} loading="lazy" />
      ) : (
        <Textarea
          label={t.comment}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value.slice(0, 2000))}
          maxLength={2000}
          rows={3}
          resize="vertical"
        />
      )}
      <fieldset className="ig-review-rating">
        <legend>{t.rating}</legend>
        <Rating value={rating} onChange={setRating} count={5} size="lg" getSymbolLabel={t.starLabel} />
      </fieldset>
      {formShown ? (
        <Checkbox
          label={t.surveySubmitted}
          checked={submittedSurvey}
          onChange={(event) => setSubmittedSurvey(event.currentTarget.checked)}
        />
      ) : null}
      <ErrorAlert message={submit.isError ? t.reviewFailed(errorMessage(submit.error)) : null} />
      <ErrorAlert message={close.isError ? t.closeFailed(errorMessage(close.error)) : null} />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          onClick={closeWithoutRating}
          loading={close.isPending}
          disabled={submit.isPending}
        >
          {t.closeWithoutRating}
        </Button>
        <Button
          onClick={done}
          loading={submit.isPending}
          disabled={
            !canFinishReview(rating, formShown, submittedSurvey) || submit.isPending || close.isPending
          }
        >
          {commonTexts.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** A value with its label and a copy button that says `Copied` for a moment after copying. */
function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </div>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal.9' : undefined}
            onClick={copy}
            aria-label={copied ? `${t.copied}: ${label}` : t.copyValue(label)}
            leftSection={
              copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />
            }
          >
            <span aria-live="polite">{copied ? t.copied : t.copy}</span>
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
