/** GET /api/connections/:id/invite.ics: a calendar invite for a meeting with the connection (a download). */
export function inviteIcsPath(id: string): string {
  return `/api/connections/${encodeURIComponent(id)}/invite.ics`;
}
