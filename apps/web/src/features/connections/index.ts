/** The connections feature's public API: what the app layer composes (features never import each other). */
export { useConnections } from './api/get-connections';
export { ConnectButton } from './components/connect-button';
export { ConnectionBanners, ConnectionNoticesProvider } from './components/connection-notices';
export { ProfileConnectionActions } from './components/profile-connection-actions';
export { ReceivedRequests } from './components/received-requests';
export { SentRequests } from './components/sent-requests';
export { ConnectionsToReview, ReviewPrompt, YourConnections } from './components/your-connections';
