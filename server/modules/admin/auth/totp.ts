import { generateSecret, generateURI, verify } from 'otplib';

// The optional second factor: RFC 6238 codes (six digits, 30 s) that any authenticator app makes.

const issuer = 'Туристический портал Ленинградской области';

export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer, label: email, secret }) };
}

/**
 * The time step (30 s) of a code that is right now, or one step before or after (phone clocks
 * drift); null for a wrong code.
 */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid ? Math.floor(Date.now() / 30_000) + result.delta : null;
  } catch {
    return null;
  }
}

export const totpMatches = async (secret: string, code: string) => (await totpStep(secret, code)) !== null;
