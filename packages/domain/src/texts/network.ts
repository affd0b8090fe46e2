/**
 * Network: My Network (expert to expert) and the two communities (spec 000 §2, Dashboard and communities, and
 * §4, My Network). Their pages exist; their sections are not built yet.
 */
export const networkTexts = {
  // Spec 000 §2, the communities' empty states
  youveAddedEveryone: "You've added everyone",
  thatsEveryoneForNow: "That's everyone for now",
  // Ours
  expertCommunityTitle: 'Expert Community',
  ventureCommunityTitle: 'Venture Community',
  myNetworkNotBuilt: 'My Network arrives in a coming update.',
  communityNotBuilt: 'The community arrives in a coming update.',
} as const;
