import type { Role } from '@rollbook/contract';

/**
 * Who is calling: resolved by the auth plugin from a verified access token and the live profile row.
 * A plain type below every layer, so the route registrar, the domain and the modules share it.
 */
export interface AuthContext {
  profileId: number;
  profileSlug: string;
  institutionId: number;
  role: Role;
  name: string | null;
  email: string;
}
