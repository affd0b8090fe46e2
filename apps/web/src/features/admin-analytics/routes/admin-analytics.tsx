// The charts' legends and tooltips use ColorSwatch, which no page loaded before this one.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import '../components/analytics.css';
import { adminAnalyticsTexts as t } from '@intergen/domain';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useAnalytics } from '../api/get-analytics';
import { AnalyticsFilters, analyticsQueryOf } from '../components/analytics-filters';
import { LostReasonsChart, TrackingByWeek } from '../components/events-charts';
import { FunnelByStage, FunnelByWeek, FunnelConversion } from '../components/funnel-charts';

/**
 * `/admin/analytics`: the funnel from sign-up to review per week and role, the tracking events per
 * week and the deals lost per reason, as charts with their numbers as tables; range and role in the address.
 * The chart library loads with this page only.
 */
export function AdminAnalyticsRoute() {
  const [params, setParams] = useSearchParams();
  const query = analyticsQueryOf(params);
  const analytics = useAnalytics(query);
  const data = analytics.data;
  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Stack gap="lg">
        <AnalyticsFilters
          query={query}
          shown={data && { from: data.range.from, to: data.range.to, weeks: data.range.weeks.length }}
          onChange={(next) => setParams(next, { replace: true })}
        />
        {analytics.isError ? <ErrorAlert message={errorMessage(analytics.error)} /> : null}
        {data ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={analytics.isFetching}>
            <FunnelByStage funnel={data.funnel} />
            <FunnelByWeek funnel={data.funnel} />
            <FunnelConversion funnel={data.funnel} />
            <TrackingByWeek tracking={data.tracking} />
            <LostReasonsChart lostReasons={data.lostReasons} />
          </SimpleGrid>
        ) : analytics.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label={t.loading}>
            <Skeleton height={280} />
            <Skeleton height={280} />
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}
