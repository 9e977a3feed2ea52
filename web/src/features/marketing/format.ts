/**
 * Classes for a link that makes its whole card clickable: the pseudo-element covers the
 * nearest positioned ancestor, and the focus ring is drawn around the card, not the words.
 */
export const stretchedLink =
  "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none " +
  "focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring";
