import type { AccountDeletedResponseSchema } from '@intergen/contracts';
import { adminDeleteMemberTexts } from '@intergen/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { adminProfilesPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/members/:id/delete {confirmation}: deletes the member and everything about them. */
export function deleteMember({ id, confirmation }: { id: string; confirmation: string }) {
  return apiRequest<Answer<typeof AccountDeletedResponseSchema>>(
    `/api/admin/members/${encodeURIComponent(id)}/delete`,
    {
      method: 'POST',
      body: { confirmation },
    },
  );
}

/**
 * Deletes a member, then leaves their page (it no longer exists) for the members list, says so in a notification,
 * and forgets their detail and every admin list, which no longer hold them.
 */
export function useDeleteMember({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: async ({ id }) => {
      await navigate(adminProfilesPath, { replace: true });
      queryClient.removeQueries({ queryKey: queryKeys.admin.profiles.detail(id) });
      notifications.show({
        color: 'green',
        title: adminDeleteMemberTexts.deleted,
        message: adminDeleteMemberTexts.deletedMessage(name),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
