/** Status colours and the admin's date format: shared with the Members console (components/profile-status-badge). */
export { formatDate, statusColors } from '../../../components/profile-status-badge';
