/** What the app layer composes from the account feature (features never import each other). */
export { AccountActions } from './components/account-actions';
export { AccountBanners, AnnualConfirmationPopup } from './components/account-banners';
export { communityPath } from './components/privacy-modal';
