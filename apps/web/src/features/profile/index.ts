// The profile page is imported lazily by the router and deliberately not re-exported here.
export { ProfileDialog } from './profile-dialog';
