/** Spec section 9: navbar turns solid past 10 px; scroll-to-top appears past 300 px. */
export const NAVBAR_SOLID_AFTER_PX = 10;
export const SCROLL_TOP_VISIBLE_AFTER_PX = 300;
