/**
 * The members module: the one owner of `users`, `experts`, `companies` and `contact_info`. Everything other
 * modules read or change about a member (accounts, profile rows, facets, cards, names, contact e-mails,
 * publishing-state locks, ratings, the lists that keep pairs apart) goes through these functions, and who may
 * read which member is decided by the access policy here.
 */

export type { Caller } from './caller.ts';
export {
  type CandidateRow,
  type Counterpart,
  companyCardColumns,
  counterpartsOf,
  expertCardColumns,
  type ListedRecord,
  listCandidates,
  listedColumns,
  listedCounterpart,
  type MemberContact,
} from './cards.repository.ts';
export {
  isMemberConsoleCursor,
  listMembersPage,
  type MemberConsoleCursor,
  type MemberConsoleFilter,
  type MemberConsolePage,
} from './console.repository.ts';
export {
  addSuggestedIds,
  appendNotInterested,
  companyFacetColumns,
  companyFacets,
  dismissersOf,
  expertFacetColumns,
  expertFacets,
  type FacetList,
  findMatchingMember,
  listPublishedCompanyFacets,
  listPublishedExpertFacets,
  lockSuggestionMembers,
  type MatchingMember,
  matchingMemberOf,
  type NotInterestedList,
  pairFacets,
  publishedFacetsOf,
  publishedOrPendingAmong,
} from './facets.repository.ts';
export { type SignUpCohort, signUpCohorts } from './funnel.repository.ts';
export { memberIdsNamed } from './labels.repository.ts';
export { contactInfoOf, lockUser, purgeMemberRecords } from './member-data.repository.ts';
export {
  accessTo,
  accessViewerOf,
  anyRelationship,
  communityLockedMessage,
  type RelationshipSource,
  requireCommunityList,
  requireMemberReader,
} from './members.access.ts';
export { type CardRow, firstIncompleteStep, statusOf, withPending } from './members.model.ts';
export {
  type ContactField,
  contactFields,
  createProfileWithContact,
  findProfile,
  findProfileStatus,
  isContactField,
  ownersOfPictures,
  type ProfileOwner,
  type ProfileRowPatch,
  type ProfileStatusRow,
  profileFields,
  type StoredProfile,
  setHasEmailVerificationCode,
  storedProfileOf,
  updateContact,
  updateProfileRow,
} from './profiles.repository.ts';
export {
  appendConnectedCompany,
  contactEmails,
  findMemberState,
  findRecipient,
  lockProfileState,
  lockRating,
  type MemberName,
  type MemberState,
  memberNames,
  memberStateOf,
  pairNames,
  type Recipient,
  setRating,
} from './state.repository.ts';
export {
  countAdmins,
  countMembers,
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  type MemberRows,
  type UserRow,
  updateUser,
  userLabels,
} from './users.repository.ts';
