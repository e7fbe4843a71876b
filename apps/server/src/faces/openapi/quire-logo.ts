/** The word mark in the top bar of `/docs`, in place of Fastify's (white, for the dark bar). */
export const QUIRE_LOGO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">',
  '<rect x="2" y="4" width="32" height="32" rx="8" fill="#4f46e5"/>',
  '<text x="18" y="27" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20"',
  ' font-weight="700" fill="#fff">Q</text>',
  '<text x="42" y="28" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700"',
  ' fill="#fff">Quire</text>',
  '</svg>',
].join('');
