/** What the app layer composes from the profile pages (features never import each other). */
export { ownProfileToView } from './components/format';
export { ProfileDetails, type ProfileDetailsProps } from './components/profile-details';
export { ProfileLoadError } from './components/profile-states';
export { ProfileModal } from './routes/profile-modal';
export { EditProfileButton, OwnProfileRoute, ViewProfileRoute } from './routes/profile-page';
