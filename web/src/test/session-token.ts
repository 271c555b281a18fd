const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token the browser can read (its signature is the server's business), for person `sub`. */
export const tokenFor = (sub: string, exp = Math.floor(Date.now() / 1000) + 3600, version = 0) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub, role: 'Afiliado', exp, v: version })}.signature`;
