/**
 * negotiator 1.x, as far as the site uses it (its README: `encoding(availableEncodings, { preferred })`
 * returns the client's most preferred encoding, `preferred` deciding among encodings of equal weight).
 */
declare module 'negotiator' {
  interface NegotiatorRequest {
    headers: Record<string, string | string[] | undefined>;
  }
  class Negotiator {
    constructor(request: NegotiatorRequest);
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export default Negotiator;
}
