/** Business constants and limits (spec 001 §9) and the security parameters of DESIGN.md §2. */
export const limits = {
  passwordMin: 6,
  verificationCodeLength: 5,
  /** Unambiguous upper-case alphabet: no 0/O, 1/I. 32^5 = 2^25 combinations. */
  verificationCodeAlphabet: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
  verificationCodeTtlMs: 10 * 60 * 1000,
  verificationCodeMaxAttempts: 5,
  tokenTtlMs: 15 * 60 * 1000,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  headerFirstNameMax: 13,
  headerFirstNameKeep: 10,
  cardNameMax: 33,
  cardNameKeep: 30,
  connectMessageMax: 250,
  profileImageMaxBytes: 512000,
  profileImageSize: 400,
  companyAreasMax: 3,
  autosaveDebounceMs: 500,
  notificationFetchLimit: 100,
  matchingPageSize: 9,
  /** Community lists (spec 001 §9: community 9). */
  communityPageSize: 9,
  /** Table views (My Network's View More). */
  tablePageSize: 12,
  /** A profile scoring at least this with the viewer is a strong match (spec 001 §9, DESIGN.md §4). */
  communityScoreMinimum: 80,
  /** Search and filter inputs wait this long after the last key (ours). */
  searchDebounceMs: 500,
} as const;

export const layout = {
  breakpoint: 640,
  headerHeight: 56,
  contentMaxWidth: 1024,
  pageMaxWidth: 1280,
  modalWidth: 460,
} as const;
