/** What the app layer composes from the admin profiles feature (features never import each other). */
export { adminProfilePath, adminProfilesPath } from './paths';
export { AdminProfileRoute } from './routes/admin-profile';
export { AdminProfilesRoute } from './routes/admin-profiles';
