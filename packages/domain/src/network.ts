/**
 * My Network (expert to expert) beyond its words (texts/network.ts): the request's states and the CRM's
 * My Network deal stages and lost reasons (spec 000 §4, My Network).
 */

/**
 * A My Network request's state: `requesting` (sent, not answered), `connected` (accepted: contact details both
 * ways), `declined` by the recipient, `cancelled` by the initiator. Only `requesting` and `connected` tie the two
 * experts together; declined and cancelled rows stay as history and leave both experts' lists.
 */
export const networkRequestStatuses = ['requesting', 'connected', 'declined', 'cancelled'] as const;
export type NetworkRequestStatus = (typeof networkRequestStatuses)[number];

/** The states that make a second request between the same two experts a duplicate. */
export const openNetworkStatuses = [
  'requesting',
  'connected',
] as const satisfies readonly NetworkRequestStatus[];

/** The CRM's My Network deal stages (spec 000 §4). */
export const networkStages = {
  requested: 'IBA initiates connect',
  accepted: 'IBA accepts',
  rejected: 'IBA rejects',
} as const;
export type NetworkStage = (typeof networkStages)[keyof typeof networkStages];
export const networkStageNames = Object.values(networkStages) as [NetworkStage, ...NetworkStage[]];

/** The My Network deal's lost reasons (spec 000 §4). */
export const networkLostReasons = {
  declined: 'recipient_declined_request',
  cancelled: 'initiator_cancelled_request',
} as const;
export type NetworkLostReason = (typeof networkLostReasons)[keyof typeof networkLostReasons];
export const networkLostReasonNames = Object.values(networkLostReasons) as [
  NetworkLostReason,
  ...NetworkLostReason[],
];

/** The sections of /my-network (spec 000 §2), in the sidebar's order; the section lives in `?section=`. */
export const myNetworkSections = ['Requests', 'Advisors', 'Ventures'] as const;
export type MyNetworkSection = (typeof myNetworkSections)[number];

/** The sections a member of a kind sees: a company has no Ventures section (its advisors are its connections). */
export function myNetworkSectionsOf(kind: 'expert' | 'company'): readonly MyNetworkSection[] {
  return kind === 'expert' ? myNetworkSections : ['Requests', 'Advisors'];
}

/** The section `?section=` names, or the first one a member of the kind sees. */
export function myNetworkSectionOf(kind: 'expert' | 'company', value: string | null): MyNetworkSection {
  const sections = myNetworkSectionsOf(kind);
  return sections.find((s) => s === value) ?? sections[0]!;
}

/** The address of a My Network section: `/my-network?section=Requests`. */
export function myNetworkPath(section: MyNetworkSection): string {
  return `/my-network?section=${section}`;
}
