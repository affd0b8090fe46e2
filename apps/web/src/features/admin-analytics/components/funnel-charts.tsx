import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  analyticsRoleLabels,
  type FunnelStage,
  funnelStageLabels,
  funnelStages,
  adminAnalyticsTexts as t,
} from '@intergen/domain';
import { BarChart, LineChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import { ChartCard, type ChartData } from './chart-card';

type Funnel = AdminAnalyticsResponse['funnel'];

/** Each role's colour in every chart. */
const roleColors = { expert: 'blue.7', company: 'orange.7' } as const;
/** Every stage the weekly chart draws (all seven, as the API sends them), each in a colour of its own. */
const weeklyStages = [
  { stage: 'signedUp', color: 'blue.7' },
  { stage: 'complete', color: 'cyan.8' },
  { stage: 'published', color: 'teal.7' },
  { stage: 'suggested', color: 'lime.9' },
  { stage: 'requested', color: 'orange.8' },
  { stage: 'accepted', color: 'grape.7' },
  { stage: 'reviewed', color: 'red.8' },
] as const satisfies readonly { stage: FunnelStage; color: string }[];

/** The steps between consecutive stages. */
const steps = funnelStages.slice(1).map((to, i) => ({ from: funnelStages[i]!, to }));

/** The share of a stage's members who reached the next one; null when none reached the first. */
export function conversionRates(counts: Record<FunnelStage, number>): (number | null)[] {
  return steps.map(({ from, to }) => (counts[from] > 0 ? counts[to] / counts[from] : null));
}

/** The conversion from each stage to the next over the range (a bar per step), and week by week in the numbers. */
export function FunnelConversion({ funnel }: { funnel: Funnel }) {
  const byWeek = new Map<string, Record<FunnelStage, number>>();
  for (const row of funnel.weeks) {
    const sum =
      byWeek.get(row.week) ??
      (Object.fromEntries(funnelStages.map((s) => [s, 0])) as Record<FunnelStage, number>);
    for (const stage of funnelStages) sum[stage] += row[stage];
    byWeek.set(row.week, sum);
  }
  const overall = conversionRates(funnel.overall);
  const label = (i: number) =>
    t.conversionStep(funnelStageLabels[steps[i]!.from], funnelStageLabels[steps[i]!.to]);
  const weeks = [...byWeek.keys()];
  const data: ChartData = {
    columns: [t.conversionColumn, t.rangeColumn, ...weeks],
    rows: steps.map((_, i) => [
      label(i),
      t.conversionRate(overall[i]!),
      ...weeks.map((week) => t.conversionRate(conversionRates(byWeek.get(week)!)[i]!)),
    ]),
  };
  return (
    <FunnelCard title={t.conversionTitle} description={t.conversionDescription} funnel={funnel} data={data}>
      <BarChart
        h={320}
        data={steps.map((_, i) => ({ step: label(i), rate: Math.round((overall[i] ?? 0) * 100) }))}
        dataKey="step"
        orientation="vertical"
        unit="%"
        xAxisProps={{ domain: [0, 100] }}
        yAxisProps={{ width: 170 }}
        series={[{ name: 'rate', label: t.conversionColumn, color: 'indigo.7' }]}
      />
    </FunnelCard>
  );
}

/** How far the range's sign-ups got, stage by stage: one bar per stage and role. */
export function FunnelByStage({ funnel }: { funnel: Funnel }) {
  const roles = funnel.totals.map((total) => total.role);
  const chart = funnelStages.map((stage) => ({
    stage: funnelStageLabels[stage],
    ...Object.fromEntries(funnel.totals.map((total) => [total.role, total[stage]])),
  }));
  const data: ChartData = {
    columns: [t.stageColumn, ...roles.map((role) => analyticsRoleLabels[role])],
    rows: funnelStages.map((stage) => [
      funnelStageLabels[stage],
      ...funnel.totals.map((total) => total[stage]),
    ]),
  };
  return (
    <FunnelCard title={t.funnelTitle} description={t.funnelDescription} funnel={funnel} data={data}>
      <BarChart
        h={320}
        data={chart}
        dataKey="stage"
        orientation="vertical"
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 110 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={roles.map((role) => ({
          name: role,
          label: analyticsRoleLabels[role],
          color: roleColors[role],
        }))}
      />
    </FunnelCard>
  );
}

/** Sign-ups per week, and how many of them were published and got a connection (roles in scope together). */
export function FunnelByWeek({ funnel }: { funnel: Funnel }) {
  const byWeek = new Map<string, Record<string, number | string>>();
  for (const row of funnel.weeks) {
    const point = byWeek.get(row.week) ?? { week: row.week };
    for (const { stage } of weeklyStages) point[stage] = Number(point[stage] ?? 0) + row[stage];
    byWeek.set(row.week, point);
  }
  const data: ChartData = {
    columns: [t.weekColumn, t.roleLabel, ...funnelStages.map((stage) => funnelStageLabels[stage])],
    rows: funnel.weeks.map((row) => [
      row.week,
      analyticsRoleLabels[row.role],
      ...funnelStages.map((stage) => row[stage]),
    ]),
  };
  return (
    <FunnelCard title={t.weeklyTitle} description={t.weeklyDescription} funnel={funnel} data={data}>
      <LineChart
        h={280}
        data={[...byWeek.values()]}
        dataKey="week"
        curveType="linear"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        xAxisProps={{ tickFormatter: (week: string) => week.slice(5) }}
        yAxisProps={{ allowDecimals: false }}
        series={weeklyStages.map(({ stage, color }) => ({
          name: stage,
          label: funnelStageLabels[stage],
          color,
        }))}
      />
    </FunnelCard>
  );
}

interface FunnelCardProps {
  title: string;
  description: string;
  funnel: Funnel;
  data: ChartData;
  children: ReactNode;
}

/** A funnel chart's card: its table is offered only when the range has sign-ups. */
function FunnelCard({ title, description, funnel, data, children }: FunnelCardProps) {
  return (
    <ChartCard title={title} description={description} data={funnel.overall.signedUp > 0 ? data : null}>
      {children}
    </ChartCard>
  );
}
