/**
 * The founder's personal handle: the profile lives at /{founderHandle}. Kept apart from the
 * full profile so the navigation and route table can link to it without loading the profile.
 */
export const founderHandle = "jean-paul-habimana";
