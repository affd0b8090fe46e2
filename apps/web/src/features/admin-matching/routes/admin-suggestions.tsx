import '../components/admin-matching.css';
import type { MatchCandidate, MatchExplanation } from '@intergen/contracts';
import { adminMatchingTexts as t } from '@intergen/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSuggestion } from '../api/create-suggestion';
import { useMatchPreview } from '../api/get-match-preview';
import { CandidatePicker } from '../components/candidate-picker';
import { MatchingRunPanel } from '../components/matching-run-panel';

interface AdminSuggestionsRouteProps {
  /** Shows a score and why ("why this match" belongs to the matching feature; the app layer passes it). */
  renderExplanation: (explanation: MatchExplanation) => ReactNode;
  /** Below the panels: the list of every suggestion (the app layer passes it). */
  after?: ReactNode;
}

/**
 * `/admin/suggestions`: an admin pairs a business advisor with a scaling company (spec 001 §6: admins create
 * match suggestions), sees the score and why first, and can start a full matching run.
 */
export function AdminSuggestionsRoute({ renderExplanation, after }: AdminSuggestionsRouteProps) {
  const headingId = useId();
  const previewId = useId();
  const [expert, setExpert] = useState<MatchCandidate | null>(null);
  const [company, setCompany] = useState<MatchCandidate | null>(null);
  const preview = useMatchPreview(expert?.id ?? null, company?.id ?? null);
  const create = useCreateSuggestion();
  const both = expert !== null && company !== null;

  const pick = (set: (c: MatchCandidate | null) => void) => (candidate: MatchCandidate | null) => {
    set(candidate);
    create.reset();
  };

  const result = create.data && create.variables ? { ...create.data, ...create.variables } : null;
  const success =
    result && expert && company && result.expertId === expert.id && result.companyId === company.id
      ? (result.created ? t.created : t.alreadyExisted)(expert.name, company.companyName ?? company.name)
      : null;

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
        <Stack gap="lg">
          <Title order={2} fz="lg" id={headingId}>
            {t.createTitle}
          </Title>
          <div className="ig-pickers">
            <CandidatePicker
              kind="expert"
              label={t.expertPicker}
              placeholder={t.expertPlaceholder}
              value={expert}
              onChange={pick(setExpert)}
            />
            <CandidatePicker
              kind="company"
              label={t.companyPicker}
              placeholder={t.companyPlaceholder}
              value={company}
              onChange={pick(setCompany)}
            />
          </div>
          <section aria-labelledby={previewId}>
            <Title order={3} fz="md" mb="sm" id={previewId}>
              {t.previewTitle}
            </Title>
            {!both ? (
              <Text size="sm" c="dimmed">
                {t.previewHint}
              </Text>
            ) : preview.isPending ? (
              <Group gap="lg" aria-busy="true">
                <Skeleton height={112} circle />
                <Stack gap="xs" style={{ flex: 1 }}>
                  <Skeleton height={14} />
                  <Skeleton height={14} />
                  <Skeleton height={14} width="60%" />
                </Stack>
              </Group>
            ) : preview.isError ? (
              <ErrorAlert message={errorMessage(preview.error)} />
            ) : (
              renderExplanation(preview.data)
            )}
          </section>
          <Group>
            <Button
              leftSection={<IconLink size={16} aria-hidden="true" />}
              disabled={!both}
              loading={create.isPending}
              onClick={() => {
                if (expert && company) create.mutate({ expertId: expert.id, companyId: company.id });
              }}
            >
              {t.createSuggestion}
            </Button>
          </Group>
          <SuccessAlert message={success} />
          <ErrorAlert message={create.isError ? errorMessage(create.error) : null} />
        </Stack>
      </Paper>
      <MatchingRunPanel />
      {after}
    </Page>
  );
}
