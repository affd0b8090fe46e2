import type { AdminCounterpart, AdminMemberActivity } from '@intergen/contracts';
import {
  adminRecordsTexts,
  analyticsPipelineLabels,
  lostReasonLabels,
  adminMemberActivityTexts as t,
} from '@intergen/domain';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { PageLoader } from '../../../components/full-page-loader';
import { errorMessage } from '../../../lib/api-client';
import { adminCrmPath, adminProfilePath, adminRequestsPath, adminSuggestionsPath } from '../../../lib/paths';
import { useMemberActivity } from '../api/get-member-activity';
import { formatDate } from './status-display';

/**
 * An admin list searched for `search` (the admin lists keep their search in `?q=`), with further filters of the
 * list in `filters`: the member's page links to the lists narrowed to the member by their e-mail. Here, not in
 * lib/paths.ts, so that only the admin's pages load it.
 */
function adminSearchedPath(path: string, search: string, filters: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...filters, q: search })}`;
}

function Counterpart({ who }: { who: AdminCounterpart }) {
  return (
    <Anchor component={Link} to={adminProfilePath(who.id)} size="sm">
      {who.name ?? t.unknownMember}
    </Anchor>
  );
}

/** One titled short list, its empty state, and a link to the admin list of all of them, searched for the member. */
function Section({
  id,
  title,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  more: { to: string; label: string };
  children: ReactNode[];
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        </Group>
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
            {children}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const lostReasonText = (reason: string) =>
  lostReasonLabels[reason as keyof typeof lostReasonLabels] ?? reason;

/** The verification's date when known, else whether the address is verified. */
function verifiedText({ emailVerified, emailVerifiedAt }: AdminMemberActivity['dates']): string {
  if (!emailVerified) return t.emailVerifiedNo;
  return emailVerifiedAt === null ? t.emailVerifiedYes : formatDate(emailVerifiedAt);
}

/**
 * The sections of a member's activity: dates, suggestions, requests, My Network requests (an expert's; a company
 * has no My Network, so no section) and CRM deals. Each "all" link opens the admin's list searched for `email`,
 * the member's login e-mail, which the lists' search matches.
 */
export function MemberActivitySections({
  activity,
  email,
}: {
  activity: AdminMemberActivity;
  email: string;
}) {
  const { dates, networkRequests } = activity;
  const newestDeal = activity.deals[0];
  const facts: [string, string][] = [
    [t.signedUp, formatDate(dates.signedUp)],
    [t.emailVerified, verifiedText(dates)],
    [t.published, formatDate(dates.published)],
    [t.lastSignIn, formatDate(dates.lastSignIn)],
    ...(dates.paused !== null ? ([[t.paused, formatDate(dates.paused)]] as [string, string][]) : []),
    ...(dates.deactivated !== null
      ? ([[t.deactivated, formatDate(dates.deactivated)]] as [string, string][])
      : []),
    ...(dates.disabled !== null ? ([[t.disabled, formatDate(dates.disabled)]] as [string, string][]) : []),
  ];
  return (
    <>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="admin-dates-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="admin-dates-heading">
            {t.datesTitle}
          </Title>
          <dl className="ig-admin-facts">
            {facts.map(([label, value]) => (
              <Fragment key={label}>
                <Text component="dt" size="sm" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" size="sm">
                  {value}
                </Text>
              </Fragment>
            ))}
          </dl>
        </Stack>
      </Paper>
      <Section
        id="admin-suggestions-heading"
        title={t.suggestionsTitle}
        empty={t.suggestionsEmpty}
        more={{ to: adminSearchedPath(adminSuggestionsPath, email), label: t.allSuggestions }}
      >
        {activity.suggestions.map((s) => (
          <Text component="li" size="sm" key={s.id}>
            <Counterpart who={s.counterpart} /> · {t.suggestedOn(formatDate(s.createdAt))}
            {s.requestSent ? ` · ${t.requestSent}` : ''}
            {s.notInterested ? ` · ${t.notInterested}` : ''}
          </Text>
        ))}
      </Section>
      <Section
        id="admin-requests-heading"
        title={t.requestsTitle}
        empty={t.requestsEmpty}
        more={{
          to: adminSearchedPath(adminRequestsPath, email, { kind: 'connection' }),
          label: t.allRequests,
        }}
      >
        {activity.requests.map((r) => (
          <Text component="li" size="sm" key={r.id}>
            {r.direction === 'sent' ? t.sentTo : t.receivedFrom} <Counterpart who={r.counterpart} /> ·{' '}
            {formatDate(r.sentAt)} · {adminRecordsTexts.requestStateLabels[r.state]}
          </Text>
        ))}
      </Section>
      {networkRequests ? (
        <Section
          id="admin-network-heading"
          title={t.networkTitle}
          empty={t.networkEmpty}
          more={{
            to: adminSearchedPath(adminRequestsPath, email, { kind: 'network' }),
            label: t.allNetworkRequests,
          }}
        >
          {networkRequests.map((n) => (
            <Text component="li" size="sm" key={n.id}>
              {n.direction === 'sent' ? t.sentTo : t.receivedFrom} <Counterpart who={n.counterpart} />
              {n.via ? (
                <>
                  {' '}
                  {t.through} <Counterpart who={n.via} />
                </>
              ) : null}{' '}
              · {formatDate(n.sentAt)} · {adminRecordsTexts.requestStateLabels[n.state]}
            </Text>
          ))}
        </Section>
      ) : null}
      <Section
        id="admin-deals-heading"
        title={t.dealsTitle}
        empty={t.dealsEmpty}
        more={{
          // The board shows one pipeline: the one of the member's latest deal.
          to: adminSearchedPath(
            adminCrmPath,
            email,
            newestDeal?.pipeline === 'network' ? { pipeline: 'network' } : {},
          ),
          label: t.allDeals,
        }}
      >
        {activity.deals.map((d) => (
          <Text component="li" size="sm" key={d.id}>
            {analyticsPipelineLabels[d.pipeline]} · <Counterpart who={d.counterpart} /> · {d.stage}
            {d.lostReason ? ` · ${t.lostReason(lostReasonText(d.lostReason))}` : ''}
          </Text>
        ))}
      </Section>
    </>
  );
}

/** A member's activity on their admin page, read on its own so the profile shows while it loads. */
export function MemberActivity({ memberId, email }: { memberId: string; email: string }) {
  const query = useMemberActivity(memberId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorAlert message={errorMessage(query.error) || t.loadFailed} />;
  return <MemberActivitySections activity={query.data} email={email} />;
}
