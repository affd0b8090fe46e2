import type { TrackingBody } from '@intergen/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/tracking (spec 001 §7: VIEW_PROFILE_FROM_CARD, DISMISS_CARD, EXPLORE_EXPERT_COMMUNITY).
 * Fire and forget: analytics never hold up or break what the member is doing, so a failure is dropped.
 */
export function trackEvent(body: TrackingBody): void {
  apiRequest<unknown>('/api/tracking', { method: 'POST', body }).catch(() => {});
}
