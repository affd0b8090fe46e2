import '@mantine/core/styles/Table.css';
import type { AuditEntry } from '@intergen/contracts';
import { auditActionLabels, settingsTexts, auditTexts as t } from '@intergen/domain';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { changesOf } from './changes';
import './audit-table.css';

/** What an entry acted on, named: a setting by its label, anything else as recorded. */
function targetLabel(entry: AuditEntry): string {
  if (entry.action.startsWith('settings.') && entry.target && entry.target in settingsTexts.keyLabels) {
    return settingsTexts.keyLabels[entry.target as keyof typeof settingsTexts.keyLabels];
  }
  return entry.target ?? '';
}

/** What an entry acted on: a member by their name and e-mail at the time, anything else by its label. */
function Target({ entry }: { entry: AuditEntry }) {
  const { targetName, targetEmail } = entry.details;
  if (typeof targetName !== 'string' || typeof targetEmail !== 'string') return <>{targetLabel(entry)}</>;
  return (
    <>
      <Text size="sm" fw={600}>
        {targetName}
      </Text>
      <Text size="xs" c="dimmed">
        {targetEmail}
      </Text>
    </>
  );
}

/** The reason an admin gave (deactivate, unpublish, delete …), when there is one. */
function Reason({ details }: { details: AuditEntry['details'] }) {
  if (typeof details.reason !== 'string' || !details.reason) return null;
  return (
    <dl className="ig-audit-changes">
      <dt>{t.reason}</dt>
      <dd>{details.reason}</dd>
    </dl>
  );
}

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor) return <Text size="sm">{t.system}</Text>;
  if (!actor.email) return <Text size="sm">{t.formerUser(actor.id)}</Text>;
  return (
    <>
      <Text size="sm" fw={600}>
        {actor.name}
      </Text>
      <Text size="xs" c="dimmed">
        {actor.email}
      </Text>
    </>
  );
}

/** An entry's changes, one line per value that changed: where, before → after. */
function Changes({ details }: { details: AuditEntry['details'] }) {
  if (!('before' in details) && !('after' in details)) return null;
  const changes = changesOf(details.before, details.after);
  return (
    <dl className="ig-audit-changes">
      {changes.map((c) => (
        <div key={c.path}>
          {c.path ? <dt>{c.path}</dt> : null}
          <dd>
            <VisuallyHidden>{t.before} </VisuallyHidden>
            <del>{c.before}</del> <span aria-hidden="true">→</span>{' '}
            <VisuallyHidden>{t.after} </VisuallyHidden>
            <ins>{c.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log's entries: when, who, which action on what, and what changed. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus (WCAG 2.1.1).
    <section className="ig-audit-scroll" tabIndex={0} aria-label={t.scrollLabel}>
      <Table striped verticalSpacing="sm" miw={640} aria-label={t.tableLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.when}</Table.Th>
            <Table.Th>{t.who}</Table.Th>
            <Table.Th>{t.action}</Table.Th>
            <Table.Th>{t.target}</Table.Th>
            <Table.Th>{t.changes}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <time dateTime={new Date(entry.at).toISOString()}>{new Date(entry.at).toLocaleString()}</time>
              </Table.Td>
              <Table.Td>
                <Actor actor={entry.actor} />
              </Table.Td>
              <Table.Td>{auditActionLabels[entry.action] ?? entry.action}</Table.Td>
              <Table.Td>
                <Target entry={entry} />
              </Table.Td>
              <Table.Td>
                <Reason details={entry.details} />
                <Changes details={entry.details} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
