/**
 * The profile wizard (spec 000 §2): the step routes, the Basic Information step that the app composes into
 * `/profile/edit`, and the profile picture dialog for other screens.
 */

export { ownProfileQueryKey } from './api/get-own-profile';
export { MissingAreasPanel } from './components/missing-areas-panel';
export { ProfileImageDialog, ProfileImageField } from './components/profile-image-dialog';
export {
  BasicInformationStep,
  ProfileAboutRoute,
  ProfileEnrichmentRoute,
  ProfileExperienceRoute,
  ProfileInterestsRoute,
  ProfileReviewRoute,
  ProfileSeekingRoute,
} from './routes/wizard-routes';
