/** A profile's status as a tinted chip: shared with the Members console (components/profile-status-badge). */
export { StatusBadge } from '../../../components/profile-status-badge';
