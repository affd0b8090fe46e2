/** The network feature's public API: the My Network and community pages. */
export { ExpertCommunityRoute, MyNetworkRoute, VentureCommunityRoute } from './routes/network-pages';
