// Pages (login, reset) are imported lazily by the router and deliberately not re-exported here.
export { useSessionBootstrap } from './use-session-bootstrap';
export { useLogout } from './use-logout';
