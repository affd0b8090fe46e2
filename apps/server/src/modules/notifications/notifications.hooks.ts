import type { Executor } from '../../db/client.ts';
import { publishLive } from '../live/index.ts';
import { createNotification } from './notifications.repository.ts';

/**
 * An approval hook (`onExpertApproved` in composition/services.ts): in the approval's transaction, the expert gets a
 * `profile_approved` notification, whose e-mail is the one approval e-mail, and their open tabs refresh.
 */
export async function notifyProfileApproved(tx: Executor, expertId: string, at: Date): Promise<void> {
  await createNotification(tx, { userId: expertId, kind: 'profile_approved', createdAt: at });
  await publishLive(tx, [expertId], ['notifications', 'profile']);
}
