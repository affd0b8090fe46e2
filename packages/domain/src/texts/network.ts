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

  // My Network (spec 000 §2 and §4, 001 §8 "My Network errors"): the errors, verbatim
  sameExpert: "Initiator and Recipient Experts can't be same",
  mustBeExperts: 'Initiator and Recipient must be experts',
  recipientNotFound: (id: string) => `Recipient with id ${id} not found`,
  failedToRespond: 'Failed to respond to request',
  failedToFindRequest: 'Failed to find request',
  duplicateRequest: 'Duplicate request or duplicate favorite expert',
  // Spec 000 §2: the page, its sections and empty states (the connections' empty states are in connectionTexts)
  reviewRecentConnections: 'Review Your Recent Connections',
  viewMore: 'View More',
  sectionLabels: { Requests: 'Requests', Advisors: 'Advisors', Ventures: 'Ventures' },
  // Ours (Accept, Decline, Cancel request and Connected are connectionRequestTexts'; No results found and Load
  // more communityTexts')
  sectionsLabel: 'My Network sections',
  receivedNetworkRequests: 'Advisors who want to join your network',
  sentNetworkRequests: 'Your requests to advisors',
  receivedConnectionRequests: 'Connection requests received',
  sentConnectionRequests: 'Connection requests sent',
  yourNetwork: 'Your network',
  yourVentures: 'Your ventures',
  yourAdvisors: 'Your advisors',
  findAdvisors: 'Find advisors',
  findAdvisorsHint: 'Advisors connected to the same ventures as you',
  /** The search without text with nobody to offer: no other advisor works with the expert's ventures yet. */
  noAdvisorsToOffer: 'No other advisors are connected to your ventures yet.',
  searchPlaceholder: 'Search by name',
  searchLabel: 'Search advisors by name (press / to focus)',
  via: (company: string) => `Via ${company}`,
  addToNetwork: 'Add to network',
  addToNetworkNamed: (name: string) => `Add ${name} to your network`,
  requested: 'Requested',
  showLess: 'Show less',
  sectionWithCount: (label: string, count: number) => `${label} (${count})`,
  tableName: 'Name',
  tableVia: 'Through',
  tableDate: 'Date',
  tableActions: 'Actions',
  loading: 'Loading your network',
  loadFailed: 'Your network could not be loaded.',
  searchFailed: 'The advisors could not be loaded.',
  actionFailed: 'That did not work. Please try again.',
  declineTitle: 'Decline network request?',
  /** Spec 000 §2's decline confirmation, said of a network request. */
  declineBody: (name: string) =>
    `This will remove the network request from ${name}. They cannot see that you have declined the request.`,
  /** What a network request card is: who asked whom, and when (the company it came through is `via`). */
  receivedOn: (date: string) => `Asked to join your network on ${date}`,
  sentOn: (date: string) => `You asked to join their network on ${date}`,
  connectedSince: (date: string) => `In your network since ${date}`,
} as const;
