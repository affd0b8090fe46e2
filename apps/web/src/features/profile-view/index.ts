/** The profile pages' public API: what the app layer composes (features never import each other). */
export { ownProfileToView } from './components/format';
export { ProfileDetails } from './components/profile-details';
export { ProfileModal } from './routes/profile-modal';
export { OwnProfileRoute, ViewProfileRoute } from './routes/profile-page';
