import type { OwnProfileResponseSchema } from '@intergen/contracts';
import type { SectionId } from '@intergen/domain';
import { type Answer, apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/profiles/me/sections/:section: a partial save of one wizard section. An unpublished profile is
 * written directly (autosave); a published one keeps the edits as pending changes until Update.
 */
export function saveSection(section: SectionId, patch: Record<string, unknown>) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>(`/api/profiles/me/sections/${section}`, {
    method: 'PUT',
    body: patch,
  });
}
