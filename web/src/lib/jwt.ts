import { jwtDecode } from 'jwt-decode';

/** Reads a JWT's `exp` (seconds since epoch) without verifying it: the server verifies. */
export function readJwtExpiry(token: string): number | undefined {
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}
