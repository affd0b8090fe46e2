/** The network feature's public API: My Network and its profile actions. */
export { NetworkProfileActions } from './components/network-profile-actions';
export { MyNetworkPage, type MyNetworkSlots } from './routes/my-network';
