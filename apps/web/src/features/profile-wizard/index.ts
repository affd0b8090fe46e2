/**
 * The profile wizard's public API (spec 000 §2): the step routes, and the Basic Information step that the app
 * composes into `/profile/edit` with the account section.
 */
export {
  BasicInformationStep,
  ProfileAboutRoute,
  ProfileEnrichmentRoute,
  ProfileExperienceRoute,
  ProfileInterestsRoute,
  ProfileReviewRoute,
  ProfileSeekingRoute,
} from './routes/wizard-routes';
