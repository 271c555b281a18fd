// The parts of two untyped packages the click enrichment uses.
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}

declare module 'ua-parser-js' {
  type Result = {
    browser: { name?: string };
    os: { name?: string };
    device: { type?: string };
  };
  export class UAParser {
    constructor(userAgent?: string);
    getResult(): Result;
  }
}
