import type { CompanyProfileDataSchema, ExpertProfileDataSchema } from '@intergen/contracts';
import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  capitalBands,
  companyStages,
  connectionTypes,
  engagementTypes,
  industries,
  investingInterests,
  revenueBands,
  profilePageTexts as t,
  yesNo,
} from '@intergen/domain';
import { Badge, Divider, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { z } from 'zod';
import { flagLabels } from './format';

type ExpertData = Omit<z.infer<typeof ExpertProfileDataSchema>, 'phone'>;
type CompanyData = Omit<z.infer<typeof CompanyProfileDataSchema>, 'phone' | 'jobTitle'>;

/** One part of the body: a heading and its content; left out when there is nothing to show. */
interface Part {
  title: string;
  content: ReactNode;
}

const present = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

function Chips({ labels }: { labels: string[] }) {
  return (
    <Group gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {labels.map((label) => (
        <li key={label}>
          <Badge variant="light" color="gray" size="lg" tt="none" fw={500} c="dark.6">
            {label}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

/** Short values side by side as a description list. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => present(value));
  if (shown.length === 0) return null;
  return (
    <dl className="ig-profile-facts">
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function chips(labels: string[]): ReactNode {
  return labels.length > 0 ? <Chips labels={labels} /> : null;
}

function text(value: string | null | undefined): ReactNode {
  return value?.trim() ? <Text className="ig-profile-text">{value}</Text> : null;
}

function label<C extends string>(labels: Record<C, string>, code: C | null | undefined): string | null {
  return code ? labels[code] : null;
}

function facts(items: [string, ReactNode][]): ReactNode {
  return items.some(([, value]) => present(value)) ? <Facts items={items} /> : null;
}

/** The parts that have content, in one card, each under its heading. */
function Body({ parts, order }: { parts: Part[]; order: TitleOrder }) {
  const shown = parts.filter((part) => part.content !== null);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        {shown.map((part, index) => (
          <Fragment key={part.title}>
            {index > 0 ? <Divider /> : null}
            <section>
              <Title order={order} fz="md" mb="xs">
                {part.title}
              </Title>
              {part.content}
            </section>
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The expert's body in the spec's order: engagement, experience, areas of improvement, ideal engagement,
 * business type, current stage, investment and board opportunities, anything else, interests.
 */
export function ExpertBody({ data, order }: { data: ExpertData; order: TitleOrder }) {
  const parts: Part[] = [
    { title: t.about, content: text(data.about) },
    {
      title: t.engagement,
      content: facts([
        [t.engagementType, label(engagementTypes.labels, data.engagementType)],
        [t.arrangement, label(arrangements.labels, data.arrangement)],
      ]),
    },
    { title: t.experience, content: chips(flagLabels(data.experience, industries)) },
    { title: t.areasOfImprovement, content: chips(flagLabels(data.areasOfImprovement, areasOfImprovement)) },
    { title: t.idealEngagement, content: chips(flagLabels(data.idealEngagement, connectionTypes)) },
    { title: t.businessType, content: text(label(businessTypes.labels, data.businessType)) },
    { title: t.currentStage, content: chips(flagLabels(data.currentStage, companyStages)) },
    {
      title: t.investmentOpportunities,
      content: text(label(yesNo.labels, data.investmentOpportunities)),
    },
    { title: t.boardOpportunities, content: text(label(yesNo.labels, data.boardOpportunities)) },
    { title: t.anythingElse, content: text(data.anythingElse) },
    { title: t.interests, content: chips(flagLabels(data.interests, investingInterests)) },
  ];
  return <Body parts={parts} order={order} />;
}

/**
 * The company's body in the spec's order: company info, what it is seeking, arrangement, investment and
 * board opportunities, anything else.
 */
export function CompanyBody({ data, order }: { data: CompanyData; order: TitleOrder }) {
  const industryLabels = flagLabels(data.experience, industries);
  const parts: Part[] = [
    { title: t.about, content: text(data.about) },
    {
      title: t.companyInfo,
      content: facts([
        [t.companyName, data.companyName],
        [t.slogan, data.slogan],
        [t.teamSize, data.companySize ?? null],
        [t.yearsInBusiness, data.yearsInBusiness ?? null],
        [t.revenue, label(revenueBands.labels, data.revenue)],
        [t.capital, label(capitalBands.labels, data.capital)],
        [t.industries, industryLabels.length > 0 ? industryLabels.join(', ') : null],
        [t.businessType, label(businessTypes.labels, data.businessType)],
        [t.currentStage, label(companyStages.labels, data.currentStage)],
      ]),
    },
    {
      title: t.seeking,
      content: facts([
        [t.seekingAreas, chips(flagLabels(data.areasOfImprovement, areasOfImprovement))],
        [t.connectionTypes, chips(flagLabels(data.idealEngagement, connectionTypes))],
      ]),
    },
    { title: t.arrangement, content: text(label(arrangements.labels, data.arrangement)) },
    {
      title: t.investmentOpportunities,
      content: text(label(yesNo.labels, data.investmentOpportunities)),
    },
    { title: t.boardOpportunities, content: text(label(yesNo.labels, data.boardOpportunities)) },
    { title: t.anythingElse, content: text(data.anythingElse) },
  ];
  return <Body parts={parts} order={order} />;
}
