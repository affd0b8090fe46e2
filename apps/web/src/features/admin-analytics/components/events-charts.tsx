import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  analyticsPipelineLabels,
  lostReasonLabels,
  adminAnalyticsTexts as t,
  trackingEventLabels,
} from '@intergen/domain';
import { BarChart } from '@mantine/charts';
import { ChartCard, type ChartData } from './chart-card';

type Tracking = AdminAnalyticsResponse['tracking'];
type LostReasons = AdminAnalyticsResponse['lostReasons'];

const eventColors = {
  VIEW_PROFILE_FROM_CARD: 'blue.7',
  DISMISS_CARD: 'red.7',
  EXPLORE_EXPERT_COMMUNITY: 'teal.7',
} as const;

/** Tracking events per week, one series per type. */
export function TrackingByWeek({ tracking }: { tracking: Tracking }) {
  const types = tracking.totals.map((total) => total.type);
  const data: ChartData = {
    columns: [t.weekColumn, t.startsColumn, ...types.map((type) => trackingEventLabels[type])],
    rows: [
      ...tracking.weeks.map((week) => [week.week, week.start, ...types.map((type) => week.counts[type])]),
      [t.total, '', ...tracking.totals.map((total) => total.count)],
    ],
  };
  return (
    <ChartCard
      title={t.trackingTitle}
      description={t.trackingDescription}
      data={tracking.totals.some((total) => total.count > 0) ? data : null}
    >
      <BarChart
        h={280}
        data={tracking.weeks.map((week) => ({ week: week.week, ...week.counts }))}
        dataKey="week"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        xAxisProps={{ tickFormatter: (week: string) => week.slice(5) }}
        yAxisProps={{ allowDecimals: false }}
        series={types.map((type) => ({
          name: type,
          label: trackingEventLabels[type],
          color: eventColors[type],
        }))}
      />
    </ChartCard>
  );
}

/** The deals lost in the range, one bar per lost reason of both pipelines. */
export function LostReasonsChart({ lostReasons }: { lostReasons: LostReasons }) {
  const data: ChartData = {
    columns: [t.reasonColumn, t.pipelineColumn, t.countColumn],
    rows: lostReasons.map((row) => [
      lostReasonLabels[row.reason],
      analyticsPipelineLabels[row.pipeline],
      row.count,
    ]),
  };
  return (
    <ChartCard
      title={t.lostReasonsTitle}
      description={t.lostReasonsDescription}
      data={lostReasons.some((row) => row.count > 0) ? data : null}
    >
      <BarChart
        h={360}
        data={lostReasons.map((row) => ({ reason: lostReasonLabels[row.reason], count: row.count }))}
        dataKey="reason"
        orientation="vertical"
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 150 }}
        series={[{ name: 'count', label: t.countColumn, color: 'red.7' }]}
      />
    </ChartCard>
  );
}
