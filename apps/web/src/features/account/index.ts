/** The account feature's public API: what the app layer composes (features never import each other). */
export { AccountActions } from './components/account-actions';
export { AccountBanners, AnnualConfirmationPopup } from './components/account-banners';
