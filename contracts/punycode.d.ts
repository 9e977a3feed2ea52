// punycode.js (RFC 3492) ships without type declarations; these are the two functions we use.
declare module "punycode/punycode.es6.js" {
  export function decode(input: string): string;
  export function encode(input: string): string;
}
