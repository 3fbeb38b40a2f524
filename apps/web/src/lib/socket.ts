import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE, type ClientToServerEvents, type ServerToClientEvents } from '@rollbook/contract';
import { socketOrigin } from './env';

/** A socket typed with the contract's event maps. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens a socket to the `/client` namespace over websocket only (no polling fallback, so no sticky
 * sessions are needed behind a load balancer; contract §8.1). The caller owns the socket and must
 * `disconnect()` it when done.
 */
export function connectClientSocket(): ClientSocket {
  return io(`${socketOrigin()}${SOCKET_NAMESPACE}`, { transports: ['websocket'], withCredentials: true });
}
