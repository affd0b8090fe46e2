/** The enumerations of spec 000 §3, each as codes in display order with their labels. */
function enumeration<const C extends string>(entries: readonly (readonly [C, string])[]) {
  const codes = entries.map(([code]) => code) as unknown as readonly [C, ...C[]];
  const labels = Object.fromEntries(entries) as Record<C, string>;
  return { codes, labels, options: entries.map(([value, label]) => ({ value, label })) };
}

export const industries = enumeration([
  ['energy', 'Energy'],
  ['renewableEnergy', 'Renewable Energy and Green Economy'],
  ['financial', 'Financial Services'],
  ['tech', 'Technology'],
  ['agriculture', 'Agribusiness'],
  ['eComm', 'eCommerce'],
  ['realEstate', 'Real Estate'],
  ['transportAndLogistics', 'Transportation & Logistics'],
  ['manufacturing', 'Manufacturing'],
  ['lifeSciences', 'Life Sciences'],
  ['edu', 'Education'],
  ['govServices', 'Government Services'],
  ['humanResources', 'Human Resources'],
] as const);
export type Industry = (typeof industries.codes)[number];

export const areasOfImprovement = enumeration([
  ['growthCapital', 'Growth Capital'],
  ['productDevelopment', 'Product Development'],
  ['salesBusinessDevelopment', 'Sales & Business Development'],
  ['processImprovement', 'Process Improvement'],
  ['investorRelations', 'Investor Relations'],
  ['marketExpansion', 'Market Expansion'],
  ['customerSuccess', 'Customer Success'],
  ['financialPlanning', 'Financial Planning'],
  ['legal', 'Legal'],
  ['crossBorderActivities', 'Cross-Border Activities'],
  ['customerIntroductions', 'Customer Introductions'],
  ['humanResources', 'Human Resources'],
] as const);
export type AreaOfImprovement = (typeof areasOfImprovement.codes)[number];

export const companyStages = enumeration([
  ['startup', 'Startup'],
  ['scaling', 'Scaling'],
  ['stuck', 'Stuck'],
  ['exploringMA', 'Exploring M&A'],
] as const);
export type CompanyStage = (typeof companyStages.codes)[number];

/** Connection types (company) and ideal engagement (expert) share one set. */
export const connectionTypes = enumeration([
  ['handsOn', 'Hands-on'],
  ['mentor', 'Mentor'],
  ['advice', 'Advice'],
  ['talent', 'Talent'],
] as const);
export type ConnectionType = (typeof connectionTypes.codes)[number];

export const investingInterests = enumeration([
  ['investingConsideringOpportunities', 'Considering investment opportunities'],
  ['investingAccessToCapital', 'Have access to capital to invest'],
  ['learnEarlyStageInvesting', 'Want to learn about early-stage investing'],
  ['noInvesting', 'Not interested in investing'],
] as const);
export type InvestingInterest = (typeof investingInterests.codes)[number];

export const referralSources = enumeration([
  ['socialMedia', 'Social media'],
  ['event', 'Event'],
  ['referral', 'Referral'],
  ['other', 'Other'],
] as const);
export type ReferralSource = (typeof referralSources.codes)[number];

export const engagementTypes = enumeration([
  ['oneOngoing', 'One company, ongoing'],
  ['oneMinimalTime', 'One company, minimal time'],
  ['multipleOngoing', 'Multiple companies, ongoing'],
  ['multipleOneOff', 'Multiple companies, one-off'],
] as const);
export type EngagementType = (typeof engagementTypes.codes)[number];

export const arrangements = enumeration([
  ['volunteer', 'Volunteer'],
  ['feeBased', 'Fee-based'],
] as const);
export type Arrangement = (typeof arrangements.codes)[number];

export const businessTypes = enumeration([
  ['B2B', 'B2B'],
  ['B2C', 'B2C'],
] as const);
export type BusinessType = (typeof businessTypes.codes)[number];

export const yesNo = enumeration([
  ['yes', 'Yes'],
  ['no', 'No'],
] as const);
export type YesNo = (typeof yesNo.codes)[number];

/** Revenue and capital bands: the authoritative set of DESIGN.md §4. */
export const revenueBands = enumeration([
  ['revenueLessThan250', 'Less than $250k'],
  ['revenueLessThanOneMoreThan250', '$250k to $1 million'],
  ['revenueLessThanFiveMoreThanOne', '$1 million to $5 million'],
  ['revenueLessThanTenMoreThanFive', '$5 million to $10 million'],
  ['revenueMoreThanTen', 'More than $10 million'],
] as const);
export type RevenueBand = (typeof revenueBands.codes)[number];

export const capitalBands = enumeration([
  ['capitalLessThan250k', 'Less than $250k'],
  ['capitalLessThanOneMoreThan250k', '$250k to $1 million'],
  ['capitalLessThanFiveMoreThanOne', '$1 million to $5 million'],
  ['capitalLessThanTenMoreThanFive', '$5 million to $10 million'],
  ['capitalMoreThanTen', 'More than $10 million'],
] as const);
export type CapitalBand = (typeof capitalBands.codes)[number];
