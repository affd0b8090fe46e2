/** The community feature's public API: the two community pages, composed by the app layer. */
export { CommunityPage } from './routes/community-page';
