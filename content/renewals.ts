/**
 * What happens around a service's expiry. The account page states these figures and the renewals
 * scheduler (server/modules/renewals) carries them out; change them here, both follow.
 */

/** Reminder emails go this many days before a domain or server expires, once each. */
export const RENEWAL_REMINDER_DAYS = [30, 7, 1] as const;

/** An unpaid server keeps running this many days after its paid period ends, then it is suspended (stopped, data kept). */
export const VPS_GRACE_DAYS = 7;

/**
 * After a domain expires, most registries keep it for the registrant this many days (renewable at the
 * normal price) before it goes to redemption or is released. The customer is warned on the day.
 */
export const DOMAIN_GRACE_DAYS = 30;
