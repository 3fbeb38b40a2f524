import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE, type ClientToServerEvents, type ServerToClientEvents } from '@rollbook/contract';
import { socketOrigin } from './env';

/** A socket typed with the contract's event maps. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Reconnection as contract §13 has it: never giving up, from 1 s doubling to at most 5 s, each
 * delay spread by ±50 % so a campus's sheets do not all return at once.
 */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;

/**
 * Opens a socket to the `/client` namespace over websocket only (no polling fallback, so no sticky
 * sessions are needed behind a load balancer; contract §8.1), reconnecting without limit. The
 * caller owns the socket and must `disconnect()` it when done.
 */
export function connectClientSocket(): ClientSocket {
  return io(`${socketOrigin()}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    withCredentials: true,
    ...SOCKET_RECONNECTION,
  });
}
