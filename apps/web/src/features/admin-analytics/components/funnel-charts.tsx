import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  analyticsRoleLabels,
  type FunnelStage,
  funnelStageLabels,
  funnelStages,
  adminAnalyticsTexts as t,
} from '@intergen/domain';
import { BarChart, LineChart } from '@mantine/charts';
import { ChartCard, type ChartData } from './chart-card';

type Funnel = AdminAnalyticsResponse['funnel'];

/** Each role's colour in every chart. */
const roleColors = { expert: 'blue.7', company: 'orange.7' } as const;
/** The stages the weekly chart draws, and their colours. */
const weeklyStages = [
  { stage: 'signedUp', color: 'blue.7' },
  { stage: 'published', color: 'teal.7' },
  { stage: 'accepted', color: 'grape.7' },
] as const satisfies readonly { stage: FunnelStage; color: string }[];

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
    <ChartCard
      title={t.funnelTitle}
      description={t.funnelDescription}
      data={funnel.overall.signedUp > 0 ? data : null}
    >
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
    </ChartCard>
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
    <ChartCard
      title={t.weeklyTitle}
      description={t.weeklyDescription}
      data={funnel.overall.signedUp > 0 ? data : null}
    >
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
    </ChartCard>
  );
}
