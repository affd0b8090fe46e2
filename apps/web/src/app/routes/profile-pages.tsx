/** The own profile's preview (`/profile/public`) and another member's page (`/profile`, `/view/:id`). */
export { OwnProfileRoute, ViewProfileRoute } from '../../features/profile-view';
