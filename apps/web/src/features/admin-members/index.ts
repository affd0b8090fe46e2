/** The admin Members console's public API: what the app layer composes (features never import each other). */
export { AdminMembersRoute } from './routes/admin-members';
